/** A map bounded by the bytes of its values, least recently used out first (Map keeps insertion order). */
export class ByteBoundedCache<V> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(private readonly maxBytes: number, private readonly sizeOf: (value: V) => number) {}

  get bytes(): number { return this.total; }

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Stores (or replaces) the value, then drops the least recently used ones beyond the budget. */
  set(key: string, value: V): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.total -= this.sizeOf(previous);
    }
    this.entries.set(key, value);
    this.total += this.sizeOf(value);
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= this.sizeOf(old);
    }
  }
}
