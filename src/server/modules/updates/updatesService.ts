import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { renewLock, runHttpProcess, withProcessLock, type HeldLock } from '../locks/processLocks';
import { activeCompetitions, competitionById, type ProviderCompetition } from '../providers/competitionsRepository';
import { sendReminders } from '../reminders/remindersService';
import { recomputeCompetition } from '../scoring/recompute';
import { competitionLockName, syncCompetition, syncCompetitions } from './competitionSync';

/**
 * The admin processes of DESIGN 4.8. Each holds its named lock in the database for the whole run, so a second
 * call anywhere (another request, another server process, the scheduler) is refused while it runs.
 */
export interface ProcessOutcome { updated_matches?: number; notified?: number }

type Run = (lock: HeldLock) => Promise<ProcessOutcome>;
type Locker = (deps: AppDeps, name: string, work: Run) => Promise<ProcessOutcome>;

async function requireCompetition(deps: AppDeps, id: number): Promise<ProviderCompetition> {
  const competition = await competitionById(deps.db, id);
  if (!competition) throw notFound('errors.competition_not_found');
  return competition;
}

function processes(deps: AppDeps, locker: Locker, reminders: { onlyNew: boolean }) {
  return {
    update: () => locker(deps, 'update', async (lock) => ({ updated_matches: await syncCompetitions(deps, lock, await activeCompetitions(deps.db), false) })),
    updateAll: () => locker(deps, 'update_all', async (lock) => ({ updated_matches: await syncCompetitions(deps, lock, await activeCompetitions(deps.db), true) })),
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
