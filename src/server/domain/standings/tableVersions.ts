import type { Executor } from '../../platform/db/database';
import { competitionTag, forgetTableAccess, leagueTag, memberTag } from './tableAccess';

/**
 * leagues.table_version moves with every write that changes what a league's table shows: standings (every refresh
 * and recompute), members joining or leaving, departments, member names. A cached table (tablesService) is valid
 * while its league's version is the one it was built for, whatever else is written meanwhile; on PostgreSQL the
 * version comes with the league row every table request reads anyway.
 */

/** The league tables of the competition changed (results, a recompute). */
export async function touchCompetitionTables(db: Executor, competitionId: number): Promise<void> {
  forgetTableAccess(db, competitionTag(competitionId));
  await db.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) }))
    .where('competition_id', '=', competitionId).execute();
}

/** One league's table changed (members, departments, a re-sum of its standings). */
export async function touchLeagueTable(db: Executor, leagueId: number): Promise<void> {
  forgetTableAccess(db, leagueTag(leagueId));
  await db.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) })).where('id', '=', leagueId).execute();
}

/** A member's name changed: every table they appear in. */
export async function touchMemberTables(db: Executor, userId: number): Promise<void> {
  forgetTableAccess(db, memberTag(userId));
  await db.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) }))
    .where('id', 'in', (eb) => eb.selectFrom('league_members').select('league_id').where('user_id', '=', userId)).execute();
}

/** These leagues are going away: no process-cached access to their tables survives them (tableAccess.ts). */
export function forgetLeagueTables(db: Executor, leagueIds: number[]): void {
  for (const id of leagueIds) forgetTableAccess(db, leagueTag(id));
}

/** Whether `db` (a replica) already holds the league's table at `version` or later (versions only grow). */
export async function hasTableVersion(db: Executor, leagueId: number, version: number): Promise<boolean> {
  const row = await db.selectFrom('leagues').select('table_version').where('id', '=', leagueId).executeTakeFirst();
  return row !== undefined && row.table_version >= version;
}
