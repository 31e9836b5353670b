import { ByteBoundedCache } from './byteBoundedCache';

describe('byte-bounded cache', () => {
  const cache = () => new ByteBoundedCache<string>(10, (value) => value.length);

  it('drops the least recently used values beyond its budget', () => {
    const c = cache();
    c.set('a', '1234');
    c.set('b', '1234');
    expect(c.get('a')).toBe('1234'); // a is now more recent than b
    c.set('c', '1234');
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual(['1234', undefined, '1234']);
    expect(c.bytes).toBe(8);
  });

  it('counts a replaced value once, and keeps the newest value even when it alone is over budget', () => {
    const c = cache();
    c.set('a', '12345');
    c.set('a', '123');
    expect(c.bytes).toBe(3);
    c.set('big', '123456789012');
    expect([c.get('a'), c.get('big')]).toEqual([undefined, '123456789012']);
    expect(c.bytes).toBe(12);
  });
});
