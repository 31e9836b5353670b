import fc from 'fast-check';
import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { RequestHistogram } from './requestHistogram';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const observation = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT'),
  route: fc.constantFrom('/api/v1/:locale/users/index', '/api/v1/:locale/leagues/:id', 'unmatched', 'static'),
  status: fc.constantFrom(200, 304, 400, 401, 404, 503),
  // Exactly on a bound, between bounds, past the last one.
  seconds: fc.oneof(fc.constantFrom(...BUCKETS, 0, 20), fc.double({ min: 0, max: 30, noNaN: true })),
});

type Observation = { method: string; route: string; status: number; seconds: number };

/** The same observations through prom-client's own Histogram and through ours, in registries of their own. */
function both(observations: Observation[]) {
  const theirs = new Registry();
  const ours = new Registry();
  const reference = new Histogram({
    name: 'http_request_duration_seconds', help: 'help', labelNames: ['method', 'route', 'status_code'], buckets: BUCKETS, registers: [theirs],
  });
  const histogram = new RequestHistogram('http_request_duration_seconds', 'help', BUCKETS, [ours]);
  for (const { method, route, status, seconds } of observations) {
    reference.observe({ method, route, status_code: String(status) }, seconds);
    histogram.observe({ method, route, status }, seconds);
  }
  return { theirs, ours };
}

/** Exposition lines in a canonical order (series order is insertion order in both, label order may differ). */
const lines = (text: string) => text.trim().split('\n').map((line) => {
  const match = /^(\w+)\{(.*)\} (.*)$/.exec(line);
  return match ? `${match[1]}{${match[2].split(',').sort().join(',')}} ${match[3]}` : line;
}).sort();

describe('request duration histogram', () => {
  it('renders what prom-client\'s Histogram renders for the same observations', async () => {
    await fc.assert(fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
      const { theirs, ours } = both(observations);
      expect(lines(await ours.metrics())).toEqual(lines(await theirs.metrics()));
    }), { numRuns: 200 });
  });

  it('sums workers like prom-client\'s cluster aggregation does for its own histograms', async () => {
    await fc.assert(fc.asyncProperty(fc.array(observation, { maxLength: 30 }), fc.array(observation, { maxLength: 30 }), async (a, b) => {
      const first = both(a);
      const second = both(b);
      const theirs = AggregatorRegistry.aggregate([await first.theirs.getMetricsAsJSON(), await second.theirs.getMetricsAsJSON()]);
      const ours = AggregatorRegistry.aggregate([await first.ours.getMetricsAsJSON(), await second.ours.getMetricsAsJSON()]);
      expect(lines(await ours.metrics())).toEqual(lines(await theirs.metrics()));
    }), { numRuns: 50 });
  });

  it('counts a request in the first bucket whose bound it does not exceed, and in +Inf past the last', async () => {
    const registry = new Registry();
    const histogram = new RequestHistogram('d', 'help', [0.1, 1], [registry]);
    histogram.observe({ method: 'GET', route: '/r', status: 200 }, 0.1);
    histogram.observe({ method: 'GET', route: '/r', status: 200 }, 3);
    const text = await registry.metrics();
    expect(text).toContain('d_bucket{le="0.1",method="GET",route="/r",status_code="200"} 1');
    expect(text).toContain('d_bucket{le="1",method="GET",route="/r",status_code="200"} 1');
    expect(text).toContain('d_bucket{le="+Inf",method="GET",route="/r",status_code="200"} 2');
    expect(text).toContain('d_count{method="GET",route="/r",status_code="200"} 2');
    expect(text).toContain('d_sum{method="GET",route="/r",status_code="200"} 3.1');
  });
});
