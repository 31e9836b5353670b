import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * A keep-alive JSON client over node:http (lighter than fetch: the load generator shares the machine); it accepts
 * gzip like a browser.
 */
export class JsonClient {
  private readonly agent: Agent;
  private readonly url: URL;

  constructor(base: string, maxSockets: number) {
    this.url = new URL(base);
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  send(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; data: any }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request({
        host: this.url.hostname, port: this.url.port, method, path, agent: this.agent,
        headers: { 'accept-encoding': 'gzip', ...headers, ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          let data: unknown = text;
          try { data = text ? JSON.parse(text) : null; } catch { /* not JSON: kept as text */ }
          resolve({ status: res.statusCode ?? 0, data });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Latencies and failures per endpoint. */
export class Stats {
  private readonly latencies = new Map<string, number[]>();
  private readonly failures = new Map<string, Map<string, number>>();

  record(endpoint: string, ms: number, failure?: string): void {
    if (!this.latencies.has(endpoint)) this.latencies.set(endpoint, []);
    this.latencies.get(endpoint)!.push(ms);
    if (failure) {
      const byKind = this.failures.get(endpoint) ?? new Map<string, number>();
      byKind.set(failure, (byKind.get(failure) ?? 0) + 1);
      this.failures.set(endpoint, byKind);
    }
  }

  /** Times a call; any status but `ok` and any network error count as failures. */
  async time<T extends { status: number }>(endpoint: string, call: () => Promise<T>, ok = 200): Promise<T | null> {
    const started = performance.now();
    try {
      const result = await call();
      this.record(endpoint, performance.now() - started, result.status === ok ? undefined : String(result.status));
      return result.status === ok ? result : null;
    } catch (error) {
      this.record(endpoint, performance.now() - started, (error as NodeJS.ErrnoException).code ?? 'error');
      return null;
    }
  }

  summary(seconds: number): { endpoint: string; count: number; perSecond: number; p50: number; p99: number; max: number; errors: string }[] {
    return [...this.latencies].map(([endpoint, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
      const failures = [...(this.failures.get(endpoint) ?? new Map<string, number>())].map(([kind, n]) => `${n}x${kind}`).join(' ');
      return { endpoint, count: sorted.length, perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN, errors: failures || '0' };
    });
  }

  failuresOf(endpoint: string): number {
    return [...(this.failures.get(endpoint) ?? new Map<string, number>()).values()].reduce((a, b) => a + b, 0);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
