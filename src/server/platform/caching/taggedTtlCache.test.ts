import { TaggedTtlCache } from './taggedTtlCache';

describe('tagged cache with a lifetime', () => {
  const counter = () => {
    const state = { reads: 0 };
    return { state, read: async () => { state.reads += 1; return { value: state.reads }; } };
  };
  const tags = () => ['t-a', 't-b'];

  it('reads once within the lifetime, and every time when the lifetime is 0', async () => {
    const cache = new TaggedTtlCache<{ value: number }>(10);
    const { state, read } = counter();
    expect(await cache.get('k', 60_000, read, tags)).toEqual({ value: 1 });
    expect(await cache.get('k', 60_000, read, tags)).toEqual({ value: 1 });
    await cache.get('k', 0, read, tags);
    expect(state.reads).toBe(2);
  });

  it('forgetting a tag reads again and keeps nothing of that tag for a while; other tags stay cached', async () => {
    const cache = new TaggedTtlCache<{ value: number }>(10);
    const first = counter();
    const other = counter();
    await cache.get('k', 60_000, first.read, tags);
    await cache.get('o', 60_000, other.read, () => ['t-other']);
    cache.forget('t-b');
    await cache.get('k', 60_000, first.read, tags);
    await cache.get('k', 60_000, first.read, tags);
    await cache.get('o', 60_000, other.read, () => ['t-other']);
    expect([first.state.reads, other.state.reads]).toEqual([3, 1]);
  });

  it('does not keep a read that overlapped a forget (the writer may commit after it)', async () => {
    const cache = new TaggedTtlCache<{ value: number }>(10);
    let reads = 0;
    const racing = async () => { reads += 1; cache.forget('t-elsewhere'); return { value: reads }; };
    await cache.get('k', 60_000, racing, tags);
    await cache.get('k', 60_000, async () => { reads += 1; return { value: reads }; }, tags);
    expect(reads).toBe(2);
  });

  it('never keeps a refusal, and holds at most its number of entries', async () => {
    const cache = new TaggedTtlCache<{ value: number }>(2);
    let misses = 0;
    await cache.get('none', 60_000, async () => { misses += 1; return undefined; }, tags);
    await cache.get('none', 60_000, async () => { misses += 1; return undefined; }, tags);
    expect(misses).toBe(2);
    const { state, read } = counter();
    for (const key of ['a', 'b', 'c']) await cache.get(key, 60_000, read, () => [`t-${key}`]);
    await cache.get('a', 60_000, read, () => ['t-a']);
    expect(state.reads).toBe(4);
  });
});
