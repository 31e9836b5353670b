/**
 * Long loops over many rows (ranking a 200,000-member table) in slices: between slices the event loop serves
 * requests and other work, so no request waits behind the whole loop. Results are those of the plain loop.
 * A slice ends after SLICE_MS of work (checked every CHECK_EVERY items), so cheap and costly items alike hold the
 * loop for a few milliseconds at most: a request served meanwhile waits for a few slices, not for the work.
 */

const SLICE_MS = 3;
const CHECK_EVERY = 256;
/** Sorted runs are this long: sorting one with a collator's comparisons takes about a slice. */
const SORT_RUN = 1024;

/** Lets other work run (I/O callbacks, timers) before continuing. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Counts items of work: true once a slice's time is spent (checked every CHECK_EVERY items), and the next slice
 * starts then, the caller yielding before it.
 */
function sliceClock(): () => boolean {
  let started = performance.now();
  let count = 0;
  return () => {
    count += 1;
    if (count % CHECK_EVERY !== 0 || performance.now() - started < SLICE_MS) return false;
    started = performance.now();
    return true;
  };
}

/** `items.map(work)`, yielding between slices. */
export async function mapSliced<T, U>(items: readonly T[], work: (item: T, index: number) => U): Promise<U[]> {
  const out = new Array<U>(items.length);
  const sliceDone = sliceClock();
  for (let index = 0; index < items.length; index += 1) {
    out[index] = work(items[index], index);
    if (sliceDone()) await yieldToOthers();
  }
  return out;
}

/**
 * A sorted copy of `items`, as a stable sort with `compare` gives it (Array.prototype.sort is stable): runs are
 * sorted apart, then merged pairwise, earlier items first among equals, yielding between slices.
 */
export async function sortSliced<T>(items: readonly T[], compare: (a: T, b: T) => number): Promise<T[]> {
  if (items.length <= SORT_RUN) return [...items].sort(compare);
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += SORT_RUN) {
    runs.push(items.slice(start, start + SORT_RUN).sort(compare));
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
  const sliceDone = sliceClock();
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < first.length && j < second.length) {
    out[k++] = compare(second[j], first[i]) < 0 ? second[j++] : first[i++];
    if (sliceDone()) await yieldToOthers();
  }
  while (i < first.length) out[k++] = first[i++];
  while (j < second.length) out[k++] = second[j++];
  return out;
}
