/**
 * The signed-in caller of a session, remembered for a few seconds (SESSION_CACHE_SECONDS) so that a signed-in
 * request does not read its session and user rows every time (on PostgreSQL a round trip per request).
 *
 * Revocation (sign-out, password change or reset, account deletion) and changes to the user row (name, email,
 * admin flag, verification, reminders):
 * - in the process that writes them, at once: the writers of `sessions` and `users` call forgetUserEverywhere (the
 *   repositories of sessions and accounts), which drops the entries and stops caching that user for a while, so a
 *   read racing with the writer's transaction cannot bring the old row back;
 * - in every other process, within about a second, by the broadcast of revocations.ts;
 * - and in any case within the cache's lifetime: entries are never older than SESSION_CACHE_SECONDS. 0 turns the
 *   cache off and every request reads its session.
 * Nothing else is kept here: losing the cache (a restart) only costs one read per session.
 */

const MAX_ENTRIES = 100_000;
/**
 * A forgotten user or session is read, never cached nor served from the cache, for the cache's lifetime (so every
 * entry older than the forget has expired when it ends) and at least this long (longer than any writer's
 * transaction, which may commit after its forget call).
 */
const MIN_QUARANTINE_MS = 5_000;

/** What a session read returns: the caller, and when the session expires (the app's clock). */
interface SessionUser { expires_at: number }

interface Entry { userId: number; user: SessionUser; cachedAt: number }

// Cache upkeep runs on the monotonic clock, not the app's clock (tests move that one by days).
const tick = () => performance.now();

/** One app's cache of signed-in callers (its dependencies hold it). */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** `u<id>` / `s<id>` -> monotonic time until which that user or session is read, never cached. */
  readonly #quarantine = new Map<string, number>();
  /** Bumped by every forget: a read that overlapped one is not cached. */
  #forgets = 0;
  /** The longest lifetime asked for: quarantines must outlast every entry. */
  #longestTtlMs = 0;

  #quarantined(sessionId: string, userId: number, now: number): boolean {
    for (const key of [`s${sessionId}`, `u${userId}`]) {
      const until = this.#quarantine.get(key);
      if (until === undefined) continue;
      if (now < until) return true;
      this.#quarantine.delete(key);
    }
    return false;
  }

  #hold(key: string): void {
    this.#forgets += 1;
    const now = tick();
    // Expired holds are dropped as they are looked at; sweep the rest now and then so the map stays small.
    if (this.#quarantine.size >= 1_000) for (const [held, until] of this.#quarantine) if (until <= now) this.#quarantine.delete(held);
    this.#quarantine.set(key, now + Math.max(this.#longestTtlMs, MIN_QUARANTINE_MS));
  }

  /**
   * The session's user from the cache alone (synchronous: the common case of a signed-in request), or undefined
   * when it must be read.
   */
  peek<U extends SessionUser>(ttlSeconds: number, sessionId: string, userId: number, now: number): U | undefined {
    const ttlMs = ttlSeconds * 1000;
    if (ttlMs <= 0) return undefined;
    this.#longestTtlMs = Math.max(this.#longestTtlMs, ttlMs);
    const hit = this.#entries.get(sessionId);
    if (!hit) return undefined;
    const fresh = hit.userId === userId && tick() - hit.cachedAt < ttlMs && now < hit.user.expires_at;
    // A forgotten user's entries are not searched for: the quarantine hides them until they have expired.
    if (fresh && (this.#quarantine.size === 0 || !this.#quarantined(sessionId, userId, tick()))) return hit.user as U;
    this.#entries.delete(sessionId);
    return undefined;
  }

  /**
   * The session's user if the session exists and has not expired (`now`: the app's clock): from the cache, or from
   * `read` (the session query of sessionsRepository).
   */
  async get<U extends SessionUser>(
    ttlSeconds: number, sessionId: string, userId: number, now: number, read: () => Promise<U | undefined>,
  ): Promise<U | undefined> {
    if (ttlSeconds <= 0) return read();
    const hit = this.peek<U>(ttlSeconds, sessionId, userId, now);
    if (hit) return hit;
    const forgetsBefore = this.#forgets;
    const user = await read();
    if (user && this.#forgets === forgetsBefore && (this.#quarantine.size === 0 || !this.#quarantined(sessionId, userId, tick()))) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(sessionId, { userId, user, cachedAt: tick() });
    }
    return user;
  }

  /** A user's sessions or row changed (or the user is gone): call it from the writer, before or inside its transaction. */
  forgetUser(userId: number): void {
    this.#hold(`u${userId}`);
  }

  /** Revocations may have been missed (a lost connection to the other processes): nothing cached is trusted. */
  forgetEveryone(): void {
    this.#forgets += 1;
    this.#entries.clear();
  }
}
