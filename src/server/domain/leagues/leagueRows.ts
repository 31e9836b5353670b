import type { Executor } from '../../platform/db/database';
import { precompiled } from '../../platform/db/precompiled';

/** The league rows every access rule reads. */

export interface LeagueAccessRow {
  id: number; name: string; competition_id: number; competition_type: 'cup' | 'league'; competition_finished: number;
  bets_system: 'disabled' | 'sign' | 'exact'; points_system: 'winner' | 'winner_and_goals';
  knockout_basis: 'regular' | 'extra_time' | 'penalties'; start_matchday: number; is_member: number;
  /** Moves whenever the league's table changes (standings/tableVersions.ts). */
  table_version: number;
}

// Built once per database: every league route checks access first.
const leagueForUser = precompiled((db, leagueId: number, userId: number) => db.selectFrom('leagues as l')
  .innerJoin('competitions as c', 'c.id', 'l.competition_id')
  .select([
    'l.id', 'l.name', 'l.competition_id', 'c.competition_type', 'c.finished as competition_finished',
    'l.bets_system', 'l.points_system', 'l.knockout_basis', 'l.start_matchday', 'l.table_version',
    (eb) => eb.exists(eb.selectFrom('league_members as lm').select('lm.user_id')
      .where('lm.league_id', '=', leagueId).where('lm.user_id', '=', userId)).as('is_member'),
  ])
  .where('l.id', '=', leagueId)
  .compile(), 2);

/** A league with its competition and whether `userId` is a member, in one query. */
export async function findLeagueForUser(db: Executor, leagueId: number, userId: number): Promise<LeagueAccessRow | undefined> {
  const [row] = await leagueForUser(db, leagueId, userId);
  return row && { ...row, is_member: Number(row.is_member) };
}

// Read by loadLeagueAccess, where the owner's and members' routes start: compiled once per database.
const leagueById = precompiled((db, leagueId: number) => db.selectFrom('leagues as l')
  .innerJoin('competitions as c', 'c.id', 'l.competition_id')
  .selectAll('l')
  .select((eb) => [
    'c.finished as competition_finished', 'c.competition_type',
    eb.selectFrom('matches as mt').whereRef('mt.competition_id', '=', 'l.competition_id')
      .select((e) => e.fn.min<number>('mt.date').as('d')).as('first_kickoff'),
  ])
  .where('l.id', '=', leagueId)
  .compile(), 1);

/** The league with what every rule about it needs: competition state and first kickoff. */
export async function findLeague(db: Executor, leagueId: number) {
  const [row] = await leagueById(db, leagueId);
  if (!row) return undefined;
  return { ...row, first_kickoff: row.first_kickoff === null || row.first_kickoff === undefined ? null : Number(row.first_kickoff) };
}

export type LeagueRow = NonNullable<Awaited<ReturnType<typeof findLeague>>>;
