import type { AppDeps } from '../../platform/deps';
import type { ProviderCompetition } from './competitionsRepository';
import { footballDataProvider } from './footballData/footballDataProvider';
import { replayProvider, openfootballProvider } from './replayProviders';

/**
 * Where a competition's results come from (DESIGN 4.8), by competitions.provider. Each answers how many
 * matches it changed; points are recomputed inside, in the same transaction as the results.
 */
export interface ResultsProvider {
  /** Matches in progress or recently finished. */
  updateLive(deps: AppDeps, competition: ProviderCompetition): Promise<number>;
  /** Everything the provider knows about the competition. */
  syncAll(deps: AppDeps, competition: ProviderCompetition): Promise<number>;
}

/** Results typed in by an admin (PUT matches/{id}): nothing to fetch. */
const manualProvider: ResultsProvider = {
  updateLive: async () => 0,
  syncAll: async () => 0,
};

const PROVIDERS: Record<string, ResultsProvider> = {
  manual: manualProvider,
  demo: replayProvider,
  openfootball: openfootballProvider,
  'football-data': footballDataProvider,
};

export function providerFor(name: string): ResultsProvider {
  return PROVIDERS[name] ?? manualProvider;
}
