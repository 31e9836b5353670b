import type { AppDeps } from '../../../platform/deps';
import type { ProviderCompetition } from '../competitionsRepository';
import { hasLiveMatches } from '../competitionsRepository';
import { ProviderError } from '../providerError';
import { footballDataClient, type FootballDataClient } from './client';
import { applySnapshot, fetchFullSnapshot, fetchLiveSnapshot, type Snapshot } from './footballDataSync';
import type { ResultsProvider } from '../resultsProvider';

const HOUR = 3_600_000;

export function clientFor(deps: Pick<AppDeps, 'config'>): FootballDataClient {
  const { config } = deps;
  return footballDataClient({
    baseUrl: config.footballDataUrl,
    token: config.footballDataToken,
    timeoutMs: config.footballDataTimeoutMs,
    requestsPerMinute: config.footballDataRequestsPerMinute,
  });
}

/** provider_ref is the competition code, with the season after a colon when a past season was imported ("WC:2022"). */
function parseProviderRef(ref: string | null): { code: string; season?: number } {
  if (!ref) throw new ProviderError('not_found', 'competition without a football-data code');
  const [code, season] = ref.split(':');
  return { code, season: season ? Number(season) : undefined };
}

/** Every read happens before the transaction: a failed request leaves the database as it was. */
async function apply(deps: AppDeps, competition: ProviderCompetition, snapshot: Snapshot): Promise<number> {
  const result = await deps.db.transaction().execute((trx) => applySnapshot(trx, competition, snapshot, deps.clock.now()));
  return result.updatedMatches;
}

export const footballDataProvider: ResultsProvider = {
  async updateLive(deps, competition) {
    // Only spend requests of the plan's budget when something is being played.
    if (!(await hasLiveMatches(deps.db, competition.id, deps.clock.now(), 4 * HOUR, 10 * 60_000))) return 0;
    const { code } = parseProviderRef(competition.provider_ref);
    return apply(deps, competition, await fetchLiveSnapshot(clientFor(deps), code, deps.clock.now()));
  },
  async syncAll(deps, competition) {
    const { code, season } = parseProviderRef(competition.provider_ref);
    return apply(deps, competition, await fetchFullSnapshot(clientFor(deps), code, season));
  },
};
