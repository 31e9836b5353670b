import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors/errors';
import { renewLock, runHttpProcess, withProcessLock, type HeldLock } from '../../platform/locks/processLocks';
import { activeCompetitions, competitionById, type ProviderCompetition } from '../../domain/providers/competitionsRepository';
import { recordProcessRun, type ProcessKind, type RunChanges, type RunStart } from '../../platform/processRuns/processRuns';
import { sendReminders } from '../../domain/reminders/remindersService';
import { recomputeCompetition } from '../../domain/rescoring/recompute';
import { competitionLockName, syncCompetition, syncCompetitions, type SyncCounts } from './competitionSync';

/**
 * The admin processes (update, update_all, update_competition, update_competition_points, notify). Each holds its named lock in the database for the whole run, so a second
 * call anywhere (another request, another server process, the scheduler) is refused while it runs.
 */
export interface ProcessOutcome { updated_matches?: number; notified?: number }

type Run = (lock: HeldLock) => Promise<RunChanges>;
type Locker = (deps: AppDeps, name: string, work: (lock: HeldLock) => Promise<ProcessOutcome>) => Promise<ProcessOutcome>;
/** Who started the runs: an admin from HTTP, or the scheduler (recorded in the process history). */
type Origin = Pick<RunStart, 'trigger' | 'startedBy'>;

/** Bets whose points a full recompute of the competition rewrites (the history's "bets recomputed"). */
async function competitionBetCount(deps: AppDeps, competitionId: number): Promise<number> {
  const row = await deps.db.selectFrom('result_bets').innerJoin('matches', 'matches.id', 'result_bets.match_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n')).where('matches.competition_id', '=', competitionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const changes = (counts: SyncCounts): RunChanges => ({ updated_matches: counts.matches, recomputed_bets: counts.bets });

async function requireCompetition(deps: AppDeps, id: number): Promise<ProviderCompetition> {
  const competition = await competitionById(deps.db, id);
  if (!competition) throw notFound('errors.competition_not_found');
  return competition;
}

function processes(deps: AppDeps, locker: Locker, reminders: { onlyNew: boolean }, origin: Origin) {
  // Each run that gets its lock is recorded in the process history; what the caller hears stays the ProcessOutcome.
  const tracked = (kind: ProcessKind, lockName: string, competitionId: number | null, work: Run) =>
    locker(deps, lockName, async (lock) => {
      const { result } = await recordProcessRun(deps, { kind, competitionId, ...origin }, () => work(lock));
      return { ...(result.updated_matches !== undefined && { updated_matches: result.updated_matches }), ...(result.notified !== undefined && { notified: result.notified }) };
    });
  return {
    update: () => tracked('update', 'update', null, async (lock) => changes(await syncCompetitions(deps, lock, await activeCompetitions(deps.db), false))),
    updateAll: () => tracked('update_all', 'update_all', null, async (lock) => changes(await syncCompetitions(deps, lock, await activeCompetitions(deps.db), true))),
    async updateCompetition(id: number) {
      const competition = await requireCompetition(deps, id);
      return tracked('update_competition', competitionLockName(id), id, async () => changes(await syncCompetition(deps, competition, true)));
    },
    async updateCompetitionPoints(id: number) {
      await requireCompetition(deps, id);
      return tracked('update_competition_points', competitionLockName(id), id, async () => {
        await deps.db.transaction().execute((trx) => recomputeCompetition(trx, id));
        return { recomputed_bets: await competitionBetCount(deps, id) };
      });
    },
    notify: () => tracked('notify', 'notify', null, async (lock) => ({
      notified: await sendReminders(deps, { ...reminders, heartbeat: () => renewLock(deps.db, lock, deps.clock.now()) }),
    })),
  };
}

/** Called from HTTP: a busy lock is a 409 with the translated process_already_running message. */
export const httpProcesses = (deps: AppDeps, adminId: number) =>
  processes(deps, runHttpProcess, { onlyNew: false }, { trigger: 'manual', startedBy: adminId });

/**
 * Called by the scheduler: a busy lock means another server process is doing it (ProcessBusyError). Its
 * reminders go once per member and matchday; the admin's notify sends to everyone with something pending.
 */
export const scheduledProcesses = (deps: AppDeps) =>
  processes(deps, withProcessLock, { onlyNew: true }, { trigger: 'scheduled', startedBy: null });
