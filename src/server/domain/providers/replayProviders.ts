import { ImportError } from '../competitions/importedCompetition';
import { importLimits, importOpenfootball, UPLOAD_REF_PREFIX } from '../competitionUpdates/importService';
import { defaultExternalKey } from '../competitions/openfootballSource';
import { advanceReplays } from '../competitionUpdates/reveal';
import { ProviderError } from './providerError';
import type { ResultsProvider } from './resultsProvider';

/** Matches a replay step wrote: results revealed, and matches in play whose clock or score moved. */
async function replayStep(deps: Parameters<ResultsProvider['updateLive']>[0], competitionId: number): Promise<number> {
  const { revealed, playing } = await advanceReplays(deps.db, deps.clock.now(), competitionId);
  return revealed.length + playing.length;
}

/**
 * Replayed competitions (the seeded demo, an openfootball file shifted in time) hold their results back and play
 * each match out from its kickoff: goals at their minute, the result at the final whistle (replayTimeline.ts); the
 * reveal recomputes the points it affects.
 */
export const replayProvider: ResultsProvider = {
  updateLive: async (deps, competition) => replayStep(deps, competition.id),
  syncAll: async (deps, competition) => replayStep(deps, competition.id),
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
    return written + await replayStep(deps, competition.id);
  },
};
