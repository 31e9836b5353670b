import { acceptsGzip, noneMatchHits, preferredCoding } from './httpNegotiation';

describe('preferredCoding', () => {
  const both = { br: true, gzip: true };
  it('picks brotli when the client accepts it at least as much as gzip, then gzip, then identity', () => {
    expect(preferredCoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(preferredCoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(preferredCoding('gzip;q=0.8, br;q=0.8', both)).toBe('br');
    expect(preferredCoding('br;q=0, gzip', both)).toBe('gzip');
    expect(preferredCoding('*', both)).toBe('br');
    expect(preferredCoding('gzip;q=0, *', both)).toBe('br');
    expect(preferredCoding('deflate', both)).toBe('identity');
    expect(preferredCoding(undefined, both)).toBe('identity');
  });
  it('only offers the codings the answer has', () => {
    expect(preferredCoding('br, gzip', { br: false, gzip: true })).toBe('gzip');
    expect(preferredCoding('br', { br: false, gzip: true })).toBe('identity');
    expect(preferredCoding('br, gzip', { br: false, gzip: false })).toBe('identity');
  });
  it('keeps acceptsGzip: an explicit q=0 refuses gzip even with *', () => {
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*;q=0.1')).toBe(true);
  });
});

describe('noneMatchHits', () => {
  it('matches any listed tag by weak comparison, or *', () => {
    expect(noneMatchHits('"abc-br"', '"abc-br"')).toBe(true);
    expect(noneMatchHits('W/"abc-br"', '"abc-br"')).toBe(true);
    expect(noneMatchHits('"x", "abc-br"', '"abc-br"')).toBe(true);
    expect(noneMatchHits('*', '"abc"')).toBe(true);
    expect(noneMatchHits('"abc"', '"abc-br"')).toBe(false);
    expect(noneMatchHits('abc-br', '"abc-br"')).toBe(false);
    expect(noneMatchHits(undefined, '"abc"')).toBe(false);
    expect(noneMatchHits('', '"abc"')).toBe(false);
  });
});
