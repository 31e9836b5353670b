import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { acquireLock, releaseLock, renewLock, runHttpProcess, withProcessLock, type HeldLock } from '../locks/processLocks';
import { activeCompetitions, competitionById, type ProviderCompetition } from '../providers/competitionsRepository';
import { ProviderError } from '../providers/providerError';
import { providerFor } from '../providers/registry';
import { sendReminders } from '../reminders/remindersService';
import { recomputeCompetition } from '../scoring/recompute';

/**
 * The admin processes of DESIGN 4.8. Each holds its named lock in the database for the whole run, so a second
 * call anywhere (another request, another server process, the scheduler) is refused while it runs.
 */
export interface ProcessOutcome { updated_matches?: number; notified?: number }

type Run = (lock: HeldLock) => Promise<ProcessOutcome>;
type Locker = (deps: AppDeps, name: string, work: Run) => Promise<ProcessOutcome>;

/**
 * One lock per competition, whichever process works on it: `update` and `update_all` take it around each
 * competition they sync, `update_competition` and `update_competition_points` for their whole run. So two syncs
 * of one competition never overlap (a second would re-read the provider and rewrite the same rows at once).
 */
export const competitionLockName = (competitionId: number) => `competition:${competitionId}`;

async function syncCompetition(deps: AppDeps, competition: ProviderCompetition, full: boolean): Promise<number> {
  const provider = providerFor(competition.provider);
  try {
    return full ? await provider.syncAll(deps, competition) : await provider.updateLive(deps, competition);
  } catch (error) {
    if (error instanceof ProviderError) deps.log.warn({ err: error, competitionId: competition.id }, 'results provider failed');
    throw error;
  }
}

/**
 * Syncs competitions one after the other (one transaction each), keeping the lock alive between them. One that
 * another run holds (an admin's update_competition, another server process) is left to that run. A provider
 * failure leaves its competition as it was and does not hold back the others; the process then ends with it.
 */
async function eachCompetition(deps: AppDeps, lock: HeldLock, competitions: ProviderCompetition[], full: boolean): Promise<ProcessOutcome> {
  let updated = 0;
  let failure: ProviderError | null = null;
  for (const competition of competitions) {
    const held = await acquireLock(deps.db, competitionLockName(competition.id), deps.clock.now());
    if (!held) {
      deps.log.info({ competitionId: competition.id }, 'competition skipped: another run is working on it');
      continue;
    }
    try {
      updated += await syncCompetition(deps, competition, full);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      failure ??= error;
    } finally {
      await releaseLock(deps.db, held);
    }
    await renewLock(deps.db, lock, deps.clock.now());
  }
  if (failure) throw failure;
  return { updated_matches: updated };
}

async function requireCompetition(deps: AppDeps, id: number): Promise<ProviderCompetition> {
  const competition = await competitionById(deps.db, id);
  if (!competition) throw notFound('errors.competition_not_found');
  return competition;
}

function processes(deps: AppDeps, locker: Locker, reminders: { onlyNew: boolean }) {
  return {
    update: () => locker(deps, 'update', async (lock) => eachCompetition(deps, lock, await activeCompetitions(deps.db), false)),
    updateAll: () => locker(deps, 'update_all', async (lock) => eachCompetition(deps, lock, await activeCompetitions(deps.db), true)),
    async updateCompetition(id: number) {
      const competition = await requireCompetition(deps, id);
      return locker(deps, competitionLockName(id), async () => ({ updated_matches: await syncCompetition(deps, competition, true) }));
    },
    async updateCompetitionPoints(id: number) {
      await requireCompetition(deps, id);
      return locker(deps, competitionLockName(id), async () => {
        await deps.db.transaction().execute((trx) => recomputeCompetition(trx, id));
        return {};
      });
    },
    notify: () => locker(deps, 'notify', async (lock) => ({
      notified: await sendReminders(deps, { ...reminders, heartbeat: () => renewLock(deps.db, lock, deps.clock.now()) }),
    })),
  };
}

/** Called from HTTP: a busy lock is a 409 with the translated process_already_running message. */
export const httpProcesses = (deps: AppDeps) => processes(deps, runHttpProcess, { onlyNew: false });

/**
 * Called by the scheduler: a busy lock means another server process is doing it (ProcessBusyError). Its
 * reminders go once per member and matchday; the admin's notify sends to everyone with something pending.
 */
export const scheduledProcesses = (deps: AppDeps) => processes(deps, withProcessLock, { onlyNew: true });
