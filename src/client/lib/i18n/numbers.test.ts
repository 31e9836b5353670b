import { formatCount, formatOrdinal, formatPercent } from './numbers';

describe('counts, ranks and shares in each language', () => {
  it('writes English ordinals with the suffix their last digits call for, and groups thousands with commas', () => {
    const ordinals = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1234, 1_000_001].map((value) => formatOrdinal(value, 'en'));
    expect(ordinals).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th', '112th', '1,234th', '1,000,001st']);
    expect(formatCount(5_000_000, 'en')).toBe('5,000,000');
  });

  it('writes Spanish ordinals with ".º" and groups every number from 1.000 with points', () => {
    expect([1, 2, 999, 1234, 5_000_000].map((value) => formatOrdinal(value, 'es'))).toEqual(['1.º', '2.º', '999.º', '1.234.º', '5.000.000.º']);
    expect(formatCount(1234, 'es')).toBe('1.234');
    expect(formatCount(5_000_000, 'es')).toBe('5.000.000');
  });

  it('writes a share given in percent to a tenth at most, with the space Spanish puts before %', () => {
    expect([1, 0.1, 33.9, 100].map((value) => formatPercent(value, 'en'))).toEqual(['1%', '0.1%', '33.9%', '100%']);
    expect([1, 0.1, 33.9].map((value) => formatPercent(value, 'es').replace(/\s/u, ' '))).toEqual(['1 %', '0,1 %', '33,9 %']);
  });
});
