/**
 * Long loops over many rows (ranking a 200,000-member table) in slices: between slices the event loop serves
 * requests and other work, so no request waits behind the whole loop. Results are those of the plain loop.
 */

const SLICE = 4096;

/** Lets other work run (I/O callbacks, timers) before continuing. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `items.map(work)`, yielding between slices. */
export async function mapSliced<T, U>(items: readonly T[], work: (item: T, index: number) => U): Promise<U[]> {
  const out = new Array<U>(items.length);
  for (let index = 0; index < items.length; index += 1) {
    if (index > 0 && index % SLICE === 0) await yieldToOthers();
    out[index] = work(items[index], index);
  }
  return out;
}

/**
 * A sorted copy of `items`, as a stable sort with `compare` gives it (Array.prototype.sort is stable): slices are
 * sorted apart, then merged pairwise, earlier items first among equals, yielding between slices.
 */
export async function sortSliced<T>(items: readonly T[], compare: (a: T, b: T) => number): Promise<T[]> {
  if (items.length <= SLICE) return [...items].sort(compare);
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += SLICE) {
    runs.push(items.slice(start, start + SLICE).sort(compare));
    await yieldToOthers();
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let index = 0; index < runs.length; index += 2) {
      merged.push(index + 1 < runs.length ? await mergeSliced(runs[index], runs[index + 1], compare) : runs[index]);
    }
    runs = merged;
  }
  return runs[0];
}

async function mergeSliced<T>(first: T[], second: T[], compare: (a: T, b: T) => number): Promise<T[]> {
  const out = new Array<T>(first.length + second.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < first.length && j < second.length) {
    out[k++] = compare(second[j], first[i]) < 0 ? second[j++] : first[i++];
    if (k % SLICE === 0) await yieldToOthers();
  }
  while (i < first.length) out[k++] = first[i++];
  while (j < second.length) out[k++] = second[j++];
  return out;
}
