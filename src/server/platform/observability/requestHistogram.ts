import type { Registry } from 'prom-client';

export interface RequestLabels { method: string; route: string; status: number }

interface Series { labels: Record<string, string>; buckets: Float64Array; sum: number; count: number }

/**
 * The request-duration histogram, by method, route pattern and status. prom-client's Histogram hashes its label
 * set and allocates on every observation (1.5 to 2 µs, some 4 % of a cached API answer, measured with --cpu-prof
 * on `users/index`); this one finds its series by one string and counts in a typed array. prom-client's registry
 * still renders it (text, JSON for the cluster's aggregation) through the metric interface its own types
 * implement: `name`, `help`, `type`, `aggregator` and `get()`.
 */
export class RequestHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: readonly number[],
    registers: Registry[],
  ) {
    for (const registry of registers) registry.registerMetric(this as never);
  }

  observe({ method, route, status }: RequestLabels, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = { labels: { method, route, status_code: String(status) }, buckets: new Float64Array(this.upperBounds.length), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    const bounds = this.upperBounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]) { series.buckets[i] += 1; break; }
    }
    series.sum += seconds;
    series.count += 1;
  }

  /** What prom-client's Histogram answers: cumulative buckets (`le`, then `+Inf`), `_sum` and `_count` per series. */
  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += buckets[i];
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.series.clear();
  }
}
