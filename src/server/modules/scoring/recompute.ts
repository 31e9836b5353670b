import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { recomputePickPoints } from '../picks/pickScoring';
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
  const points = pointsFromFactsSql('f', sql.ref('rb.local_goals'), sql.ref('rb.visiting_goals'));
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

/** Recompute result-bet points for these matches (all leagues), pick points, and standings. */
export async function recomputeAfterResults(db: Executor, competitionId: number, matchIds: number[]): Promise<void> {
  const ids = [...new Set(matchIds)];
  if (ids.length > 0) await scoreResultBets(db, { matchIds: ids });
  await recomputePickPoints(db, competitionId);
  const matchdays = ids.length === 0 ? [] : (await db.selectFrom('matches').select('matchday').distinct()
    .where('id', 'in', ids).execute()).map((row) => row.matchday);
  await refreshStandings(db, { competitionId, matchdays });
}

/** Recompute every point of a competition (update_competition_points). */
export async function recomputeCompetition(db: Executor, competitionId: number): Promise<void> {
  await scoreResultBets(db, { competitionId });
  await recomputePickPoints(db, competitionId);
  await refreshStandings(db, { competitionId });
}

/** Re-sum one league's stored standings (after members leave or are removed, or a bet is corrected). */
export async function refreshLeagueStandings(db: Executor, leagueId: number): Promise<void> {
  const league = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirst();
  if (!league) return;
  await refreshStandings(db, { competitionId: league.competition_id, leagueId });
}

/** Re-score one league's result bets and standings, after its settings change (selected teams, systems...). */
export async function recomputeLeague(db: Executor, leagueId: number): Promise<void> {
  await scoreResultBets(db, { leagueId });
  await refreshLeagueStandings(db, leagueId);
}
