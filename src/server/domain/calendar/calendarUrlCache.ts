/**
 * The calendar address of `users/index`, remembered per database for SESSION_CACHE_SECONDS: every signed-in page
 * load asks for it, and reading its generation and signing the token cost more than the rest of that route (signed
 * in 0.47 -> 0.19 of the empty route in bench/bets.ts). Like the session cache: a regeneration in this process is
 * seen at once (it forgets the address, and a read that overlapped the forget is not kept); other processes show
 * the replaced address for at most that long.
 */

const MAX_ENTRIES = 100_000;

// Monotonic: the app's clock is moved by days in tests.
const tick = () => performance.now();

/** One app's remembered calendar addresses (its dependencies' state). */
export class CalendarUrlCache {
  readonly #entries = new Map<number, { url: string; at: number }>();
  /** Bumped by every forget: a read that overlapped one is not kept. */
  #forgets = 0;

  /** The user's calendar address if this app remembers it (synchronous: users/index asks on every call). */
  peek(userId: number, ttlMs: number): string | undefined {
    const hit = this.#entries.get(userId);
    return hit && tick() - hit.at < ttlMs ? hit.url : undefined;
  }

  async get(userId: number, ttlMs: number, read: () => Promise<string>): Promise<string> {
    const hit = this.peek(userId, ttlMs);
    if (hit !== undefined) return hit;
    const forgets = this.#forgets;
    const startedAt = tick();
    const url = await read();
    if (ttlMs > 0 && this.#forgets === forgets) {
      this.#entries.delete(userId);
      // Oldest first out.
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(userId, { url, at: startedAt });
    }
    return url;
  }

  /** Call after the user's new generation is written. */
  forget(userId: number): void {
    this.#forgets += 1;
    this.#entries.delete(userId);
  }
}
