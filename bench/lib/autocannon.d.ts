/** The slice of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; p50: number; p99: number; max: number }
  export interface Result {
    title?: string;
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Responses by status class. */
    '3xx'?: number;
    duration: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    title?: string;
    /** Seconds before a request counts as timed out (autocannon's default: 10). */
    timeout?: number;
    headers?: Record<string, string>;
    /** Requests sent in turn on each connection (method, path, headers, body). */
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
