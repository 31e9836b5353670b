import { CalendarUrlCache } from './calendarUrlCache';

describe('calendar address cache', () => {
  it('reads once within its lifetime, again after a forget, and per app and user', async () => {
    const cache = new CalendarUrlCache();
    let reads = 0;
    const read = (url: string) => async () => { reads += 1; return url; };
    expect(await cache.get(1, 5000, read('a'))).toBe('a');
    expect(await cache.get(1, 5000, read('b'))).toBe('a');
    expect(reads).toBe(1);
    expect(await cache.get(2, 5000, read('c'))).toBe('c');
    expect(await new CalendarUrlCache().get(1, 5000, read('d'))).toBe('d');
    cache.forget(1);
    expect(await cache.get(1, 5000, read('e'))).toBe('e');
    expect(await cache.get(1, 5000, read('f'))).toBe('e');
    expect(reads).toBe(4);
  });

  it('never keeps a read that overlapped a regeneration, nor anything when off', async () => {
    const cache = new CalendarUrlCache();
    let release!: () => void;
    const slow = cache.get(7, 5000, () => new Promise((done) => { release = () => done('old'); }));
    await Promise.resolve();
    cache.forget(7);
    release();
    expect(await slow).toBe('old');
    expect(await cache.get(7, 5000, async () => 'new')).toBe('new');
    expect(await cache.get(8, 0, async () => 'x')).toBe('x');
    expect(await cache.get(8, 0, async () => 'y')).toBe('y');
  });
});
