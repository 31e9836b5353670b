import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { ProviderError } from '../providerError';
import { ApiCompetition, MatchesResponse, ScorersResponse, TeamsResponse } from './apiTypes';

interface FootballDataOptions {
  baseUrl: string;
  token: string | null;
  timeoutMs: number;
  /** The free plan allows 10 requests a minute per token. */
  requestsPerMinute: number;
}

/**
 * One token bucket per (base URL, token) for the whole process, so every sync shares the plan's budget.
 * The budget is about wall time on the provider's side, so it waits on the real clock, not deps.clock.
 */
class TokenBucket {
  private tokens: number;
  private last = performance.now();
  /** Bursts of at most 10 requests (the free plan's whole minute), refilled at the per-minute rate. */
  private readonly capacity: number;
  constructor(private readonly perMinute: number) { this.capacity = Math.min(perMinute, 10); this.tokens = this.capacity; }

  async take(): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) * this.perMinute) / 60_000);
      this.last = now;
      if (this.tokens >= 1) { this.tokens -= 1; return; }
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute)));
    }
  }
}
const buckets = new Map<string, TokenBucket>();

function bucketFor(options: FootballDataOptions): TokenBucket {
  const key = `${options.baseUrl}|${options.token}|${options.requestsPerMinute}`;
  let bucket = buckets.get(key);
  if (!bucket) { bucket = new TokenBucket(options.requestsPerMinute); buckets.set(key, bucket); }
  return bucket;
}

export interface MatchesQuery { season?: number; dateFrom?: string; dateTo?: string }

export interface FootballDataClient {
  competition(code: string): Promise<ApiCompetition>;
  teams(code: string, season?: number): Promise<Static<typeof TeamsResponse>['teams']>;
  matches(code: string, query?: MatchesQuery): Promise<Static<typeof MatchesResponse>['matches']>;
  scorers(code: string, season?: number): Promise<Static<typeof ScorersResponse>['scorers']>;
}

export function footballDataClient(options: FootballDataOptions): FootballDataClient {
  async function get<S extends TSchema>(path: string, query: Record<string, string | number | undefined>, schema: S): Promise<Static<S>> {
    if (!options.token) throw new ProviderError('not_configured', 'FOOTBALL_DATA_TOKEN is not set');
    const url = new URL(`${options.baseUrl.replace(/\/$/, '')}${path}`);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    await bucketFor(options).take();
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { headers: { 'X-Auth-Token': options.token }, signal: AbortSignal.timeout(options.timeoutMs) });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderError('timeout', `${url.pathname} timed out`);
      throw new ProviderError('unreachable', `${url.pathname}: ${(error as Error).message}`);
    }
    if (response.status === 401 || response.status === 403) throw new ProviderError('unauthorized', `HTTP ${response.status}`, response.status);
    if (response.status === 429) throw new ProviderError('rate_limited', 'HTTP 429', 429);
    if (response.status === 404) throw new ProviderError('not_found', `${url.pathname}: HTTP 404`, 404);
    if (!response.ok) throw new ProviderError('server_error', `HTTP ${response.status}`, response.status);
    let body: unknown;
    try { body = JSON.parse(text); } catch { throw new ProviderError('malformed', `${url.pathname}: not JSON`); }
    if (!Value.Check(schema, body)) throw new ProviderError('malformed', `${url.pathname}: unexpected shape`);
    return body as Static<S>;
  }

  const code = (c: string) => encodeURIComponent(c);
  return {
    competition: (c) => get(`/competitions/${code(c)}`, {}, ApiCompetition),
    teams: async (c, season) => (await get(`/competitions/${code(c)}/teams`, { season }, TeamsResponse)).teams,
    matches: async (c, q = {}) => (await get(`/competitions/${code(c)}/matches`, { ...q }, MatchesResponse)).matches,
    scorers: async (c, season) => (await get(`/competitions/${code(c)}/scorers`, { season, limit: 100 }, ScorersResponse)).scorers,
  };
}
