import { footballDataProvider } from './footballData/footballDataProvider';
import { replayProvider, openfootballProvider } from './replayProviders';
import type { ResultsProvider } from './resultsProvider';

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
