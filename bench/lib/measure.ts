import autocannon, { type Result } from 'autocannon';

export interface Measurement { name: string; url: string; result: Result }

/** Load on a worker thread, so the servers under test keep the main event loop to themselves. */
export async function measure(name: string, url: string, options: { connections: number; duration: number }): Promise<Measurement> {
  const result = await autocannon({ url, connections: options.connections, duration: options.duration, workers: 1, title: name });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx responses from ${url}`);
  }
  return { name, url, result };
}

/** Ratios are to the mean of the baseline measurements. */
export function printTable(rows: Measurement[], baselines: Measurement[], target: number): void {
  const baseline = baselines.reduce((sum, b) => sum + b.result.requests.average, 0) / baselines.length;
  const pad = (s: string, n: number) => s.padEnd(n);
  const lpad = (s: string, n: number) => s.padStart(n);
  const header = `${pad('route', 38)}${lpad('req/s', 10)}${lpad('p99 ms', 9)}${lpad('ratio', 8)}  target`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const row of rows) {
    const ratio = row.result.requests.average / baseline;
    const verdict = baselines.includes(row) ? '' : ratio >= target ? `ok (>= ${target})` : `MISSED (< ${target})`;
    console.log(`${pad(row.name, 38)}${lpad(row.result.requests.average.toFixed(0), 10)}${lpad(String(row.result.latency.p99), 9)}${lpad(ratio.toFixed(3), 8)}  ${verdict}`);
  }
}
