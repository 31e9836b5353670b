import fc from 'fast-check';
import { unpackMatchdays } from './packedMatchdays';

describe('packed matchday rows', () => {
  it('unpack to the matchdays and points they were packed from, negative points included', () => {
    const rows = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: -99, max: 9999 })), { selector: ([day]) => day, maxLength: 40 });
    fc.assert(fc.property(rows, (pairs) => {
      const packed = pairs.length === 0 ? null : pairs.map(([day, points]) => `${day}:${points}`).join(',');
      expect(unpackMatchdays(packed)).toEqual(Object.fromEntries(pairs.map(([day, points]) => [String(day), points])));
    }));
  });
});
