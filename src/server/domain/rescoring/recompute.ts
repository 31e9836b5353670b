import { PostgresAdapter, sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import { getOrCreateSetting, getSetting } from '../../platform/settings/settingsRepository';
import { recomputePickPoints } from '../picks/pickScoring';
import { fillMainLeagues } from '../standings/overallStandings';
import { touchCompetitionTables, touchLeagueTable } from '../standings/tableVersions';
import {
  addMatchPoints, competitionHasTeamSelections, refreshMatchdayRows, refreshMemberTotals, refreshStandings,
} from '../standings/standingsRefresh';
import { betPointsSql } from '../scoring/scoringSql';

/**
 * Entry points every writer of results calls (admin edits, importer, providers, demo). Points are not stored per
 * bet (a bet's points are computed when it is read: betPointsSql); what is stored is each member's points per
 * matchday, rebuilt set-based from the bets of the matchdays a result touches, and the pick totals.
 * Run them inside the caller's transaction.
 */

/** The points of one real bet as the league scores it now (an admin correction, a late entry). */
export async function scoreResultBet(db: Executor, betId: number): Promise<number | null> {
  const row = await db.selectFrom('result_bets as rb')
    .innerJoin('matches as m', 'm.id', 'rb.match_id')
    .innerJoin('leagues as l', 'l.id', 'rb.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select(betPointsSql('rb', 'l', 'm', 'c').as('points'))
    .where('rb.id', '=', betId).executeTakeFirst();
  return row?.points === null || row?.points === undefined ? null : Number(row.points);
}

const scoredNow = (m: { finished: number; local_goals: number | null; visiting_goals: number | null }) =>
  m.finished === 1 && m.local_goals !== null && m.visiting_goals !== null;

/**
 * After these matches were written (a result arrived, changed or was withdrawn): their standings in every league
 * of the competition, pick points, and the tables' versions. A match that neither counts now nor counted before
 * (in play, scheduled) touches no standings. A first result only adds its bets' points to the members' matchday
 * rows; a result that counted before (corrected or withdrawn) has its matchdays' rows rebuilt from their bets.
 * Callers have written these matches in the same transaction (their rows stay locked), so no other recompute of
 * them runs meanwhile; competition and league recomputes lock every match of the competition first for the same
 * reason.
 */
export async function recomputeAfterResults(db: Executor, competitionId: number, matchIds: number[]): Promise<void> {
  if (!db.isTransaction) return (db as Db).transaction().execute((trx) => recomputeAfterResults(trx, competitionId, matchIds));
  const ids = [...new Set(matchIds)];
  const matches = ids.length === 0 ? [] : await db.selectFrom('matches')
    .select(['id', 'matchday', 'finished', 'local_goals', 'visiting_goals', 'standings_scored'])
    .where('id', 'in', ids).where('competition_id', '=', competitionId).execute();
  const counted = matches.filter((m) => m.standings_scored === 1);
  const rebuilt = new Set(counted.map((m) => m.matchday));
  if (counted.length > 0) {
    const scope = { competitionId, matchdays: [...rebuilt] };
    if (counted.some((m) => !scoredNow(m))) {
      // A withdrawn result: members may lose their only scored bet of the matchday, so its rows are rebuilt whole.
      await refreshMatchdayRows(db, scope, 'replace');
    } else if (await competitionHasTeamSelections(db, competitionId)) {
      await refreshMatchdayRows(db, { ...scope, playing: 'all_teams' }, 'merge');
      // Where only some teams' matches are played, a corrected match may stop counting (its teams changed).
      await refreshMatchdayRows(db, { ...scope, playing: 'some_teams' }, 'replace');
    } else {
      await refreshMatchdayRows(db, scope, 'merge');
    }
  }
  // First results outside the rebuilt matchdays (those sums already include them).
  const first = matches.filter((m) => m.standings_scored === 0 && scoredNow(m) && !rebuilt.has(m.matchday));
  if (first.length > 0) await addMatchPoints(db, competitionId, first);
  const changed = matches.filter((m) => m.standings_scored !== (scoredNow(m) ? 1 : 0));
  if (changed.length > 0) await markStandingsScored(db, changed.map((m) => m.id));
  if (await recomputePickPoints(db, competitionId) > 0) await refreshMemberTotals(db, { competitionId });
  await touchCompetitionTables(db, competitionId);
}

/** matches.standings_scored follows what the stored rows now hold for these matches. */
export async function markStandingsScored(db: Executor, matchIds: number[]): Promise<void> {
  await sql`UPDATE matches SET standings_scored = CASE WHEN finished = 1 AND local_goals IS NOT NULL AND visiting_goals IS NOT NULL
      THEN 1 ELSE 0 END
    WHERE id IN (${sql.join(matchIds)})
      AND standings_scored <> CASE WHEN finished = 1 AND local_goals IS NOT NULL AND visiting_goals IS NOT NULL THEN 1 ELSE 0 END`
    .execute(db);
}

/**
 * PostgreSQL: waits for (and holds until commit) every match of the competition, so a results recompute of one of
 * them (whose caller holds its row) never runs between this one's reading and writing of the same rows.
 */
async function lockCompetitionMatches(db: Executor, competitionId: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('matches').select('id').where('competition_id', '=', competitionId).orderBy('id').forShare().execute();
}

/** Recompute every point of a competition (update_competition_points, an import). */
export async function recomputeCompetition(db: Executor, competitionId: number): Promise<void> {
  await lockCompetitionMatches(db, competitionId);
  await recomputePickPoints(db, competitionId);
  await refreshStandings(db, { competitionId });
  const all = await db.selectFrom('matches').select('id').where('competition_id', '=', competitionId).execute();
  if (all.length > 0) await markStandingsScored(db, all.map((m) => m.id));
  await touchCompetitionTables(db, competitionId);
}

/**
 * Rebuild one league's stored standings from its bets and picks: after its settings change (scoring, selected
 * teams...), members leave or are removed, a bet is corrected after its deadline, a bonus question is resolved.
 */
export async function refreshLeagueStandings(db: Executor, leagueId: number): Promise<void> {
  const league = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirst();
  if (!league) return;
  await refreshStandings(db, { competitionId: league.competition_id, leagueId });
  await touchLeagueTable(db, leagueId);
}

/** refreshLeagueStandings holding the competition's matches first (settings changes re-score every bet). */
export async function recomputeLeague(db: Executor, leagueId: number): Promise<void> {
  const league = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirst();
  if (league) await lockCompetitionMatches(db, league.competition_id);
  await refreshLeagueStandings(db, leagueId);
}

/**
 * Real bets on the competition's matches written since `since` that count now (a result, finished with a score):
 * what a results run re-scored, for the process history (its result jobs may still be applying them).
 */
export async function countBetsScoredSince(db: Executor, competitionId: number, since: number): Promise<number> {
  const row = await db.selectFrom('result_bets as rb').innerJoin('matches as m', 'm.id', 'rb.match_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('m.competition_id', '=', competitionId).where('m.updated_at', '>=', since).where('m.finished', '=', 1)
    .where('m.local_goals', 'is not', null).where('m.visiting_goals', 'is not', null)
    .where('rb.mode', '=', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}

const RANKED_STANDINGS = 'standings.ranked';

/**
 * Once per database: every competition's stored standings rebuilt, so that rows written before the ranked rows
 * existed (matchday rows without hit counters, members without ranked rows, players without a main league) are
 * complete. A start of several processes at once may do it twice; it writes the same rows.
 */
export async function rankStandingsOnce(db: Db): Promise<void> {
  if (await getSetting(db, RANKED_STANDINGS)) return;
  await db.transaction().execute((trx) => fillMainLeagues(trx));
  const competitions = await db.selectFrom('competitions').select('id')
    .where('id', 'in', (eb) => eb.selectFrom('leagues').select('competition_id')).orderBy('id').execute();
  for (const { id } of competitions) await db.transaction().execute((trx) => recomputeCompetition(trx, Number(id)));
  await getOrCreateSetting(db, RANKED_STANDINGS, () => '1');
}
