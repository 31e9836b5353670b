import { call, type TestApp } from '../../../testing/harness';

/** One sample's value from the Prometheus text, or undefined when the series is absent. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** GET /metrics, checked to be Prometheus' text format. */
export async function metricsText(t: TestApp, token?: string): Promise<string> {
  const res = await call(t.app, { method: 'GET', url: '/metrics', token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}
