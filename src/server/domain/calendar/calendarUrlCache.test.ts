import { cachedCalendarUrl, forgetCalendarUrl } from './calendarUrlCache';

describe('calendar address cache', () => {
  it('reads once within its lifetime, again after a forget, and per database and user', async () => {
    const db = {};
    let reads = 0;
    const read = (url: string) => async () => { reads += 1; return url; };
    expect(await cachedCalendarUrl(db, 1, 5000, read('a'))).toBe('a');
    expect(await cachedCalendarUrl(db, 1, 5000, read('b'))).toBe('a');
    expect(reads).toBe(1);
    expect(await cachedCalendarUrl(db, 2, 5000, read('c'))).toBe('c');
    expect(await cachedCalendarUrl({}, 1, 5000, read('d'))).toBe('d');
    forgetCalendarUrl(db, 1);
    expect(await cachedCalendarUrl(db, 1, 5000, read('e'))).toBe('e');
    expect(await cachedCalendarUrl(db, 1, 5000, read('f'))).toBe('e');
    expect(reads).toBe(4);
  });

  it('never keeps a read that overlapped a regeneration, nor anything when off', async () => {
    const db = {};
    let release!: () => void;
    const slow = cachedCalendarUrl(db, 7, 5000, () => new Promise((done) => { release = () => done('old'); }));
    await Promise.resolve();
    forgetCalendarUrl(db, 7);
    release();
    expect(await slow).toBe('old');
    expect(await cachedCalendarUrl(db, 7, 5000, async () => 'new')).toBe('new');
    expect(await cachedCalendarUrl(db, 8, 0, async () => 'x')).toBe('x');
    expect(await cachedCalendarUrl(db, 8, 0, async () => 'y')).toBe('y');
  });
});
