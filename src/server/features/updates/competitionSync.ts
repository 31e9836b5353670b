import type { AppDeps } from '../../platform/deps';
import { acquireLock, releaseLock, renewLock, type HeldLock } from '../../platform/locks/processLocks';
import type { ProviderCompetition } from '../../domain/providers/competitionsRepository';
import { ProviderError } from '../../domain/providers/providerError';
import { providerFor } from '../../domain/providers/registry';
import { recordCompetitionSync } from '../../platform/processRuns/processRuns';
import { publishMatchesUpdatedSince } from '../../domain/live/livePublisher';
import { countBetsScoredSince } from '../../domain/rescoring/recompute';
import { kickResultJobs } from '../../domain/resultJobs/resultJobWorker';

/**
 * One lock per competition, whichever process works on it: `update` and `update_all` take it around each
 * competition they sync, `update_competition` and `update_competition_points` for their whole run. So two syncs
 * of one competition never overlap (a second would re-read the provider and rewrite the same rows at once).
 */
export const competitionLockName = (competitionId: number) => `competition:${competitionId}`;

/** How long a full sync waits for a competition another run holds before leaving it out. */
const FULL_SYNC_WAIT_MS = 120_000;
const WAIT_STEP_MS = 200;

/** What a sync changed: matches written, and real bets those results scored (the process history's figures). */
export interface SyncCounts { matches: number; bets: number }

export async function syncCompetition(deps: AppDeps, competition: ProviderCompetition, full: boolean): Promise<SyncCounts> {
  const provider = providerFor(competition.provider);
  const since = deps.clock.now();
  try {
    const updated = full ? await provider.syncAll(deps, competition) : await provider.updateLive(deps, competition);
    await recordCompetitionSync(deps, competition.id);
    if (updated === 0) return { matches: 0, bets: 0 };
    // The provider committed its own transaction: the live streams get the matches it wrote.
    await publishMatchesUpdatedSince(deps, competition.id, since);
    // Then the results reach the league tables through their result jobs (their progress follows the matches).
    kickResultJobs(deps);
    return { matches: updated, bets: await countBetsScoredSince(deps.db, competition.id, since) };
  } catch (error) {
    if (error instanceof ProviderError) deps.log.warn({ err: error, competitionId: competition.id }, 'results provider failed');
    await recordCompetitionSync(deps, competition.id, error);
    throw error;
  }
}

/**
 * Waits (in real time: another run is finishing) for a competition's lock, keeping the caller's process lock alive;
 * null when it is still held after FULL_SYNC_WAIT_MS.
 */
async function waitForCompetition(deps: AppDeps, lock: HeldLock, competitionId: number): Promise<HeldLock | null> {
  const giveUpAt = Date.now() + FULL_SYNC_WAIT_MS;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const held = await acquireLock(deps.db, competitionLockName(competitionId), deps.clock.now());
    if (held || Date.now() >= giveUpAt) return held;
    await renewLock(deps.db, lock, deps.clock.now());
  }
}

/**
 * Syncs competitions one after the other (one transaction each), keeping the process lock alive between them.
 * One that another run holds (an admin's update_competition, a live update, another server process) comes last:
 * a live update leaves it to that run (the next update is minutes away), a full sync waits for it (the next one
 * is hours away). A provider failure leaves its competition as it was and does not hold back the others; the
 * process then ends with it.
 */
export async function syncCompetitions(deps: AppDeps, lock: HeldLock, competitions: ProviderCompetition[], full: boolean): Promise<SyncCounts> {
  const total: SyncCounts = { matches: 0, bets: 0 };
  let failure: ProviderError | null = null;
  const syncHeld = async (competition: ProviderCompetition, held: HeldLock) => {
    try {
      const counts = await syncCompetition(deps, competition, full);
      total.matches += counts.matches;
      total.bets += counts.bets;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      failure ??= error;
    } finally {
      await releaseLock(deps.db, held);
    }
    await renewLock(deps.db, lock, deps.clock.now());
  };
  const busy: ProviderCompetition[] = [];
  for (const competition of competitions) {
    const held = await acquireLock(deps.db, competitionLockName(competition.id), deps.clock.now());
    if (held) await syncHeld(competition, held);
    else busy.push(competition);
  }
  for (const competition of busy) {
    const held = full ? await waitForCompetition(deps, lock, competition.id) : null;
    if (held) await syncHeld(competition, held);
    else deps.log.info({ competitionId: competition.id }, 'competition left out: another run is working on it');
  }
  if (failure) throw failure;
  return total;
}
