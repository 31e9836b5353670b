import autocannon, { type Options, type Result } from 'autocannon';

export interface Measurement { name: string; url: string; result: Result }

/** Load on a worker thread, so the servers under test keep the main event loop to themselves. */
/** `notModified`: every answer must be a 304 (a revalidation) instead of a 2xx. */
export async function measure(
  name: string, url: string, options: Omit<Options, 'url'> & { connections: number; duration: number; notModified?: boolean },
): Promise<Measurement> {
  const { notModified, ...load } = options;
  const result = await autocannon({ ...load, url, workers: 1, title: name });
  const unexpected = notModified ? result.requests.total - (result['3xx'] ?? 0) : result.non2xx;
  if (result.errors > 0 || unexpected > 0) {
    throw new Error(`${name}: ${result.errors} errors, ${unexpected} responses other than ${notModified ? '304' : '2xx'} from ${url}`);
  }
  return { name, url, result };
}

/** A route measured between two runs of the baseline; its ratio is to their mean. */
export interface Comparison { route: Measurement; before: Measurement; after: Measurement }

export const baselineOf = (c: Comparison) => (c.before.result.requests.average + c.after.result.requests.average) / 2;

/**
 * Measures the baseline before and after every route: on a shared machine the load drifts during a run,
 * and a ratio to neighbouring baseline runs is far steadier than one to a single baseline at the start.
 */
export async function compareToBaseline(
  baseline: () => Promise<Measurement>,
  routes: (() => Promise<Measurement>)[],
): Promise<Comparison[]> {
  const out: Comparison[] = [];
  let before = await baseline();
  for (const route of routes) {
    const measured = await route();
    const after = await baseline();
    out.push({ route: measured, before, after });
    before = after;
  }
  return out;
}

export function printComparisons(comparisons: Comparison[], target: number): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  const lpad = (s: string, n: number) => s.padStart(n);
  const header = `${pad('route', 38)}${lpad('req/s', 9)}${lpad('p99 ms', 8)}${lpad('empty req/s', 13)}${lpad('ratio', 7)}  target`;
  console.log(header);
  console.log('-'.repeat(header.length + 12));
  for (const comparison of comparisons) {
    const { route } = comparison;
    const empty = baselineOf(comparison);
    const ratio = route.result.requests.average / empty;
    const verdict = ratio >= target ? `ok (>= ${target})` : `MISSED (< ${target})`;
    console.log(`${pad(route.name, 38)}${lpad(route.result.requests.average.toFixed(0), 9)}${lpad(String(route.result.latency.p99), 8)}`
      + `${lpad(empty.toFixed(0), 13)}${lpad(ratio.toFixed(2), 7)}  ${verdict}`);
  }
  const p99 = comparisons.flatMap((c) => [c.before, c.after]).map((m) => m.result.latency.p99);
  console.log(`\nempty route p99: ${Math.min(...p99)}-${Math.max(...p99)} ms`);
}
