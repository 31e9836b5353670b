import { ImportError } from '../competitions/importedCompetition';
import { importLimits, importOpenfootball, UPLOAD_REF_PREFIX } from '../competitions/importService';
import { defaultExternalKey } from '../competitions/openfootballSource';
import { revealDueResults } from '../competitions/reveal';
import { ProviderError } from './providerError';
import type { ResultsProvider } from './resultsProvider';

/**
 * Replayed competitions (the seeded demo, an openfootball file shifted in time) hold their results back and
 * reveal each one as kickoff + 2 h passes; the reveal recomputes the points it affects.
 */
export const replayProvider: ResultsProvider = {
  updateLive: async (deps, competition) => (await revealDueResults(deps.db, deps.clock.now(), competition.id)).length,
  syncAll: async (deps, competition) => (await revealDueResults(deps.db, deps.clock.now(), competition.id)).length,
};

/** openfootball: a full sync re-reads the file or URL it was imported from (in place), then reveals what is due. */
export const openfootballProvider: ResultsProvider = {
  updateLive: replayProvider.updateLive,
  async syncAll(deps, competition) {
    const source = competition.provider_ref;
    if (!source) throw new ProviderError('not_found', 'competition without an openfootball source');
    // Uploaded from the admin console: no file to re-read, its held-back results are revealed as they come due.
    if (source.startsWith(UPLOAD_REF_PREFIX)) return replayProvider.syncAll(deps, competition);
    // Re-import under the same key: the key is the --name given at import time, else the file name.
    const key = competition.external_key?.replace(/^openfootball:/, '') ?? defaultExternalKey(source);
    let written: number;
    try {
      const summary = await importOpenfootball(deps.db, {
        source, name: key === defaultExternalKey(source) ? undefined : key, download: importLimits(deps.config), now: deps.clock.now(),
      });
      written = summary.matches;
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      throw new ProviderError(error.message.startsWith('could not') ? 'unreachable' : 'malformed', error.message);
    }
    return written + (await revealDueResults(deps.db, deps.clock.now(), competition.id)).length;
  },
};
