import type { Static } from 'typebox';
import type { AdminCompetition } from '../../../shared/api/routes/adminCompetitions';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors/errors';
import { nextDueTimes } from '../../platform/scheduler/scheduledJobsRepository';
import { recordAdminAction } from '../../platform/audit/auditLog';

type AdminCompetitionView = Static<typeof AdminCompetition>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The scheduled jobs that sync competitions: a competition still being played is next synced by the first due. */
const SYNC_JOBS = ['update', 'update_all'];

/** football-data provider_ref is CODE or CODE:SEASON (providers/footballData). */
function seasonOf(provider: string, ref: string | null): number | null {
  if (provider !== 'football-data' || !ref) return null;
  const season = Number(ref.split(':')[1]);
  return Number.isInteger(season) && season > 0 ? season : null;
}

async function competitionRows(db: Executor, id?: number) {
  let query = db.selectFrom('competitions as c')
    .leftJoin('competition_syncs as s', 's.competition_id', 'c.id')
    .select([
      'c.id', 'c.name', 'c.competition_type', 'c.provider', 'c.provider_ref', 'c.replay', 'c.time_zone', 'c.finished', 'c.archived_at',
      's.last_at', 's.outcome', 's.error', 's.last_success_at',
    ])
    .select((eb) => [
      eb.selectFrom('competition_teams as ct').whereRef('ct.competition_id', '=', 'c.id')
        .select((e) => e.fn.countAll<number | string>().as('n')).as('teams'),
      eb.selectFrom('matches as m').whereRef('m.competition_id', '=', 'c.id')
        .select((e) => e.fn.countAll<number | string>().as('n')).as('matches_total'),
      eb.selectFrom('matches as m').whereRef('m.competition_id', '=', 'c.id').where('m.finished', '=', 1)
        .select((e) => e.fn.countAll<number | string>().as('n')).as('matches_played'),
    ]);
  if (id !== undefined) query = query.where('c.id', '=', id);
  return query.orderBy('c.id').execute();
}

/** Every competition (or one) as the admin console lists it: counts, latest sync and the next scheduled one. */
export async function adminCompetitions(deps: Pick<AppDeps, 'db' | 'config'>, id?: number): Promise<AdminCompetitionView[]> {
  const [rows, due] = await Promise.all([competitionRows(deps.db, id), nextDueTimes(deps.db, SYNC_JOBS)]);
  const dueTimes = [...due.values()];
  // AUTO_UPDATE_MINUTES=0 turns the scheduler's syncs off: rows left from earlier runs say nothing about the future.
  const nextSync = dueTimes.length > 0 && deps.config.autoUpdateMinutes > 0 ? Math.min(...dueTimes) : null;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    competition_type: row.competition_type,
    provider: row.provider,
    provider_ref: row.provider_ref,
    season: seasonOf(row.provider, row.provider_ref),
    replay: row.replay === 1,
    time_zone: row.time_zone,
    teams: Number(row.teams ?? 0),
    matches_played: Number(row.matches_played ?? 0),
    matches_total: Number(row.matches_total ?? 0),
    finished: row.finished === 1,
    archived: row.archived_at !== null,
    archived_at: iso(row.archived_at),
    last_sync: row.last_at === null || row.outcome === null ? null : { at: iso(row.last_at)!, outcome: row.outcome, error: row.error },
    last_successful_sync_at: iso(row.last_success_at),
    // Finished competitions are no longer synced by the scheduler (providers/competitionsRepository activeCompetitions).
    next_sync_at: row.finished === 1 ? null : iso(nextSync),
  }));
}

export async function adminCompetition(deps: Pick<AppDeps, 'db' | 'config'>, id: number): Promise<AdminCompetitionView> {
  const [competition] = await adminCompetitions(deps, id);
  if (!competition) throw notFound('errors.competition_not_found');
  return competition;
}

/**
 * Archives or unarchives: archived competitions are not offered to new leagues (reference competitionActive, league
 * creation); their matches, leagues and bets stay. Idempotent: archiving twice keeps the first time. Recorded in the
 * audit log with the admin who did it, in the same transaction.
 */
export async function setArchived(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, adminId: number, id: number, archived: boolean): Promise<AdminCompetitionView> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const changed = await trx.updateTable('competitions')
      .set({ archived_at: archived ? now : null })
      .where('id', '=', id)
      .where('archived_at', archived ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) {
      const exists = await trx.selectFrom('competitions').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw notFound('errors.competition_not_found');
      return;
    }
    await recordAdminAction(trx, { adminId, action: archived ? 'archive_competition' : 'unarchive_competition', entity: 'competition', entityId: id, now });
  });
  return adminCompetition(deps, id);
}
