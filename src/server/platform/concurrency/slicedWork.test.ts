import fc from 'fast-check';
import { mapSliced, sortSliced } from './slicedWork';

describe('sliced work', () => {
  it('sorts exactly as the stable built-in sort, equal items in their first order', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.nat()), { maxLength: 12_000 }), async (items) => {
      const byKey = (a: [number, number], b: [number, number]) => a[0] - b[0];
      expect(await sortSliced(items, byKey)).toEqual([...items].sort(byKey));
    }), { numRuns: 25 });
  });

  it('maps like Array.prototype.map, index included', async () => {
    const items = Array.from({ length: 10_000 }, (_, i) => i * 3);
    expect(await mapSliced(items, (item, index) => item + index)).toEqual(items.map((item, index) => item + index));
  });
});
