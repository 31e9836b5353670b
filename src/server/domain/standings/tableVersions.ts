import type { Executor } from '../../platform/db/database';
import { rankLeagues } from './rankLeagues';
import { renameInRankings } from './storedNameKeys';
import { competitionTag, forgetTableAccess, leagueTag, memberTag } from './tableAccess';

/**
 * Every write that changes what a league's table shows (standings, members joining or leaving, departments, member
 * names) ends here, in its transaction: the league's ranked rows are brought up to date (rankLeagues.ts) and
 * leagues.table_version moves. A cached table answer (tablesService) is valid while its league's version is the one
 * it was built for; on PostgreSQL the version comes with the league row every table request reads anyway.
 */

/** The league tables of the competition changed (results, a recompute). */
export async function touchCompetitionTables(db: Executor, competitionId: number): Promise<void> {
  forgetTableAccess(db, competitionTag(competitionId));
  await rankLeagues(db, { competitionId });
  await db.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) }))
    .where('competition_id', '=', competitionId).execute();
}

/** One league's table changed (members, departments, a re-sum of its standings). */
export async function touchLeagueTable(db: Executor, leagueId: number): Promise<void> {
  forgetTableAccess(db, leagueTag(leagueId));
  const league = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirst();
  if (!league) return;
  await rankLeagues(db, { competitionId: Number(league.competition_id), leagueId });
  await db.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) })).where('id', '=', leagueId).execute();
}

/** A result job's batch changed these leagues' matchday rows of `matchdays`: their ranked rows and versions. */
export async function touchBatchTables(db: Executor, competitionId: number, leagueIds: number[], matchdays: number[]): Promise<void> {
  for (const id of leagueIds) forgetTableAccess(db, leagueTag(id));
  await rankLeagues(db, { competitionId, leagueIds, matchdays });
  await db.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) })).where('id', 'in', leagueIds).execute();
}

/** A member's name changed: its sort keys in every ranked row, and every table they appear in. */
export async function touchMemberTables(db: Executor, userId: number): Promise<void> {
  forgetTableAccess(db, memberTag(userId));
  await renameInRankings(db, userId);
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
