import { PostgresAdapter, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import { recomputePickPoints } from '../picks/pickScoring';
import { applyBetChanges, captureBetChanges, refreshPickTotals } from '../standings/standingsChanges';
import { touchCompetitionTables, touchLeagueTable } from '../standings/tableVersions';
import { refreshStandings } from '../standings/standingsRefresh';
import { betFactsSql, pointsFromFactsSql } from './scoringSql';

/**
 * Entry points every writer of results calls (admin edits, importer, providers, demo). Each is a few set-based
 * statements: result-bet points in one UPDATE, then pick points, then the stored standings.
 * Run them inside the caller's transaction.
 */

type BetScope = { matchIds: number[] } | { competitionId: number } | { leagueId: number } | { betId: number };

/**
 * Re-scores real (mode 0) result bets in one UPDATE ... FROM (PostgreSQL, SQLite >= 3.35), writing only the rows
 * whose points change; simulation rows are scored on the fly when read. What does not depend on the bet (is the
 * match played in the league, the result, the league's systems) is computed once per league and match first:
 * per bet only arithmetic remains (one match's 51,000 bets: 0.8 s -> see bench/README.md).
 */
async function scoreResultBets(db: Executor, scope: BetScope): Promise<void> {
  // Which (league, match) pairs are scored, and the matching filter on the bets (so the planner uses an index).
  const [pairs, bets] = 'matchIds' in scope
    ? [sql`m.id IN (${sql.join(scope.matchIds)}) AND l.competition_id = m.competition_id`, sql`rb.match_id IN (${sql.join(scope.matchIds)})`]
    : 'betId' in scope
      ? [sql`l.id = (SELECT b.league_id FROM result_bets b WHERE b.id = ${scope.betId})
          AND m.id = (SELECT b.match_id FROM result_bets b WHERE b.id = ${scope.betId})`, sql`rb.id = ${scope.betId}`]
      : 'leagueId' in scope
        ? [sql`l.id = ${scope.leagueId} AND m.competition_id = l.competition_id`, sql`rb.league_id = ${scope.leagueId}`]
        : [sql`m.competition_id = ${scope.competitionId} AND l.competition_id = m.competition_id`, sql`1 = 1`];
  const points = pointsFromFactsSql('f', sql.ref('rb.local_goals'), sql.ref('rb.visiting_goals'), sql.ref('rb.joker'));
  await sql`WITH f AS MATERIALIZED (SELECT ${betFactsSql('l', 'm', 'c')}
      FROM matches m JOIN competitions c ON c.id = m.competition_id, leagues l WHERE ${pairs})
    UPDATE result_bets AS rb SET points = ${points}
    FROM f
    WHERE f.league_id = rb.league_id AND f.match_id = rb.match_id AND rb.mode = 0 AND ${bets}
      AND rb.points IS DISTINCT FROM ${points}`.execute(db);
}

/**
 * Scores one real bet from the match and league as this statement sees them (an admin correction): never from
 * values read earlier, so a result committed in between is not lost. Returns the stored points.
 */
export async function scoreResultBet(db: Executor, betId: number): Promise<number | null> {
  await scoreResultBets(db, { betId });
  const row = await db.selectFrom('result_bets').select('points').where('id', '=', betId).executeTakeFirst();
  return row?.points ?? null;
}

/**
 * Recompute result-bet points for these matches (all leagues), pick points, and standings, incrementally: only
 * the bets whose points change move their members' matchday rows and totals (standingsChanges.ts). Callers have
 * written these matches in the same transaction (their rows stay locked), so no other re-scoring of them runs
 * meanwhile; league and competition recomputes lock every match of the competition first for the same reason.
 */
export async function recomputeAfterResults(db: Executor, competitionId: number, matchIds: number[]): Promise<void> {
  // The bets' changes live in a temporary table of this transaction (on PostgreSQL, one pooled connection).
  if (!db.isTransaction) return (db as Db).transaction().execute((trx) => recomputeAfterResults(trx, competitionId, matchIds));
  const ids = [...new Set(matchIds)];
  if (ids.length > 0) {
    await scoreResultBetsRecordingChanges(db, ids);
    await applyBetChanges(db, competitionId);
  }
  if (await recomputePickPoints(db, competitionId) > 0) await refreshPickTotals(db, competitionId);
  await touchCompetitionTables(db, competitionId);
}

/**
 * scoreResultBets for these matches, recording each changed bet's old and new points (captureBetChanges). PostgreSQL:
 * in the UPDATE itself (the CTE `d` is its RETURNING), so only bets this statement changed count: one deleted
 * meanwhile by a member leaving does not. SQLite runs one transaction at a time: the bets read are those written.
 */
async function scoreResultBetsRecordingChanges(db: Executor, matchIds: number[]): Promise<void> {
  const ids = sql.join(matchIds);
  const points = pointsFromFactsSql('f', sql.ref('rb.local_goals'), sql.ref('rb.visiting_goals'), sql.ref('rb.joker'));
  const facts = sql`f AS MATERIALIZED (SELECT ${betFactsSql('l', 'm', 'c')}
    FROM matches m JOIN competitions c ON c.id = m.competition_id, leagues l
    WHERE m.id IN (${ids}) AND l.competition_id = m.competition_id)`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await captureBetChanges(db, sql`${facts},
      o AS MATERIALIZED (SELECT b.id, b.points FROM result_bets b WHERE b.match_id IN (${ids}) AND b.mode = 0),
      d AS (UPDATE result_bets AS rb SET points = ${points}
        FROM f, o
        WHERE f.league_id = rb.league_id AND f.match_id = rb.match_id AND o.id = rb.id AND rb.match_id IN (${ids})
          AND rb.mode = 0 AND rb.points IS DISTINCT FROM ${points}
        RETURNING rb.league_id, rb.user_id, rb.match_id, o.points AS old, rb.points AS new)`);
    return;
  }
  await captureBetChanges(db, sql`${facts},
    d AS (SELECT rb.league_id, rb.user_id, rb.match_id, rb.points AS old, ${points} AS new
      FROM result_bets rb JOIN f ON f.league_id = rb.league_id AND f.match_id = rb.match_id
      WHERE rb.match_id IN (${ids}) AND rb.mode = 0)`);
  await scoreResultBets(db, { matchIds });
}

/**
 * PostgreSQL: waits for (and holds until commit) every match of the competition, so a results recompute of one of
 * them (whose caller holds its row) never runs between this one's reading and writing of the same bets.
 */
async function lockCompetitionMatches(db: Executor, competitionId: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('matches').select('id').where('competition_id', '=', competitionId).orderBy('id').forShare().execute();
}

/** Recompute every point of a competition (update_competition_points). */
export async function recomputeCompetition(db: Executor, competitionId: number): Promise<void> {
  await lockCompetitionMatches(db, competitionId);
  await scoreResultBets(db, { competitionId });
  await recomputePickPoints(db, competitionId);
  await refreshStandings(db, { competitionId });
  await touchCompetitionTables(db, competitionId);
}

/** Re-sum one league's stored standings (after members leave or are removed, or a bet is corrected). */
export async function refreshLeagueStandings(db: Executor, leagueId: number): Promise<void> {
  const league = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirst();
  if (!league) return;
  await refreshStandings(db, { competitionId: league.competition_id, leagueId });
  await touchLeagueTable(db, leagueId);
}

/** Re-score one league's result bets and standings, after its settings change (selected teams, systems...). */
export async function recomputeLeague(db: Executor, leagueId: number): Promise<void> {
  const league = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirst();
  if (league) await lockCompetitionMatches(db, league.competition_id);
  await scoreResultBets(db, { leagueId });
  await refreshLeagueStandings(db, leagueId);
}
