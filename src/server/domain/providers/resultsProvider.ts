import type { AppDeps } from '../../platform/deps';
import type { ProviderCompetition } from './competitionsRepository';

/**
 * Where a competition's results come from (manual, openfootball, football-data or demo), by competitions.provider. Each answers how many
 * matches it changed; points are recomputed inside, in the same transaction as the results.
 */
export interface ResultsProvider {
  /** Matches in progress or recently finished. */
  updateLive(deps: AppDeps, competition: ProviderCompetition): Promise<number>;
  /** Everything the provider knows about the competition. */
  syncAll(deps: AppDeps, competition: ProviderCompetition): Promise<number>;
}
