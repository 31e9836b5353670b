/**
 * Values read from the database, remembered for a few seconds per process, and forgotten by tag when a writer of
 * this process changes what they depend on. The pattern of the session cache (platform/sessions/sessionCache.ts):
 * - in the writing process, at once: `forget(tag)` hides the tagged entries and, for a while (the quarantine), has
 *   reads of that tag go to the database and not be kept, so a read racing with the writer's still uncommitted
 *   transaction cannot bring the old value back;
 * - in every other process, within `ttlMs`: no entry is older.
 * Cache upkeep runs on the monotonic clock, not the app's clock (tests move that one by days).
 */

/** At least this long (longer than any writer's transaction, which may commit after its forget call). */
const MIN_QUARANTINE_MS = 5_000;

interface Entry<V> { value: V; tags: string[]; cachedAt: number }

const tick = () => performance.now();

export class TaggedTtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** tag -> monotonic time until which it is read, never cached. */
  private readonly quarantine = new Map<string, number>();
  /** Bumped by every forget: a read that overlapped one is not kept. */
  private forgets = 0;
  /** The longest lifetime asked for: a quarantine outlasts every entry kept before it. */
  private longestTtlMs = 0;

  constructor(private readonly maxEntries: number) {}

  private quarantined(tags: string[], now: number): boolean {
    if (this.quarantine.size === 0) return false;
    for (const tag of tags) {
      const until = this.quarantine.get(tag);
      if (until === undefined) continue;
      if (now < until) return true;
      this.quarantine.delete(tag);
    }
    return false;
  }

  /**
   * The value under `key` (tagged with `tagsOf(value)`): remembered if younger than `ttlMs`, else `read` (whose
   * undefined is never kept). `ttlMs` 0 always reads.
   */
  async get(key: string, ttlMs: number, read: () => Promise<V | undefined>, tagsOf: (value: V) => string[]): Promise<V | undefined> {
    if (ttlMs <= 0) return read();
    this.longestTtlMs = Math.max(this.longestTtlMs, ttlMs);
    const hit = this.entries.get(key);
    if (hit) {
      if (tick() - hit.cachedAt < ttlMs && !this.quarantined(hit.tags, tick())) return hit.value;
      this.entries.delete(key);
    }
    const forgetsBefore = this.forgets;
    const value = await read();
    if (value !== undefined && this.forgets === forgetsBefore) {
      const tags = tagsOf(value);
      if (!this.quarantined(tags, tick())) {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { value, tags, cachedAt: tick() });
      }
    }
    return value;
  }

  /** What carries `tag` changed: call it from the writer, before or inside its transaction. */
  forget(tag: string): void {
    this.forgets += 1;
    const now = tick();
    // Expired holds are dropped as they are looked at; sweep the rest now and then so the map stays small.
    if (this.quarantine.size >= 1_000) for (const [held, until] of this.quarantine) if (until <= now) this.quarantine.delete(held);
    this.quarantine.set(tag, now + Math.max(this.longestTtlMs, MIN_QUARANTINE_MS));
  }

  clear(): void {
    this.entries.clear();
    this.quarantine.clear();
    this.forgets += 1;
  }
}
