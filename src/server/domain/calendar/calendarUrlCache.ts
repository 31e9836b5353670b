/**
 * The calendar address of `users/index`, remembered per database for SESSION_CACHE_SECONDS: every signed-in page
 * load asks for it, and reading its generation and signing the token cost more than the rest of that route (signed
 * in 0.47 -> 0.19 of the empty route in bench/bets.ts). Like the session cache: a regeneration in this process is
 * seen at once (it forgets the address, and a read that overlapped the forget is not kept); other processes show
 * the replaced address for at most that long.
 */

const MAX_ENTRIES = 100_000;

interface Store { entries: Map<number, { url: string; at: number }>; forgets: number }

const stores = new WeakMap<object, Store>();

function storeOf(db: object): Store {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = { entries: new Map(), forgets: 0 }));
  return store;
}

// Monotonic: the app's clock is moved by days in tests.
const tick = () => performance.now();

/** The user's calendar address if this process remembers it (synchronous: users/index asks on every call). */
export function calendarUrlFromCache(db: object, userId: number, ttlMs: number): string | undefined {
  const hit = storeOf(db).entries.get(userId);
  return hit && tick() - hit.at < ttlMs ? hit.url : undefined;
}

export async function cachedCalendarUrl(db: object, userId: number, ttlMs: number, read: () => Promise<string>): Promise<string> {
  const store = storeOf(db);
  const hit = calendarUrlFromCache(db, userId, ttlMs);
  if (hit !== undefined) return hit;
  const forgets = store.forgets;
  const startedAt = tick();
  const url = await read();
  if (ttlMs > 0 && store.forgets === forgets) {
    store.entries.delete(userId);
    // Oldest first out.
    if (store.entries.size >= MAX_ENTRIES) store.entries.delete(store.entries.keys().next().value!);
    store.entries.set(userId, { url, at: startedAt });
  }
  return url;
}

/** Call after the user's new generation is written. */
export function forgetCalendarUrl(db: object, userId: number): void {
  const store = storeOf(db);
  store.forgets += 1;
  store.entries.delete(userId);
}
