import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';
import { lockStandings } from './standingsRefresh';

/**
 * Stored standings after some bets are re-scored (a result arrives or changes), written incrementally: each member's
 * change of points per matchday is added to their matchday row and to their totals, and only the winners of the
 * touched matchdays are decided again. A full refresh (standingsRefresh.ts) re-sums every bet of its scope instead;
 * both give the same rows (tests compare them after random sequences of results), as long as every writer of bet
 * points keeps the stored standings in step, which each does in its own transaction.
 *
 * Three steps: captureBetChanges before the bets' points are written, then (after the UPDATE) applyBetChanges, and
 * refreshPickTotals when pick points changed. One match of a World Cup played in 2,000 leagues of 51,000 members
 * writes 51,000 matchday rows and totals instead of re-summing 3.3 million bets and 500,000 matchday rows.
 */

const CHANGES = sql.table('standings_bet_changes');

/**
 * Records, per member and matchday, how much a re-scoring changes their points, and whether a bet loses its points
 * (a result withdrawn): `rescored` is a list of CTEs ending with `d(league_id, user_id, match_id, old, new)`, the
 * real bets re-scored with their points before and after (the scoring UPDATE's own RETURNING, or a read just before
 * it). A temporary table of this transaction, read by applyBetChanges.
 */
export async function captureBetChanges(db: Executor, rescored: RawBuilder<unknown>): Promise<void> {
  await sql`CREATE TEMPORARY TABLE ${CHANGES} (league_id bigint NOT NULL, user_id bigint NOT NULL, matchday integer NOT NULL,
    delta integer NOT NULL, emptied integer NOT NULL, rescored integer NOT NULL)`.execute(db);
  await sql`WITH ${rescored}
    INSERT INTO ${CHANGES} (league_id, user_id, matchday, delta, emptied, rescored)
    SELECT d.league_id, d.user_id, m.matchday, SUM(COALESCE(d.new, 0) - COALESCE(d.old, 0)),
      MAX(CASE WHEN d.old IS NOT NULL AND d.new IS NULL THEN 1 ELSE 0 END), MAX(CASE WHEN d.old IS NOT NULL THEN 1 ELSE 0 END)
    FROM d JOIN matches m ON m.id = d.match_id
    WHERE d.new IS DISTINCT FROM d.old
    GROUP BY d.league_id, d.user_id, m.matchday`.execute(db);
}

const competitionLeagues = (competitionId: number, column: string) =>
  sql`${sql.ref(column)} IN (SELECT lg.id FROM leagues lg WHERE lg.competition_id = ${competitionId})`;

/**
 * Adds the recorded changes to the competition's stored standings (after the bets' points were written), then
 * decides the winners of the touched matchdays again. Takes the competition's standings lock first: no matchday
 * row or total is written before it.
 */
export async function applyBetChanges(db: Executor, competitionId: number): Promise<void> {
  await lockStandings(db, { competitionId });
  // A member's first scored bet of a matchday creates their row (with 0 points if it scored none).
  await sql`INSERT INTO member_matchday_points (league_id, user_id, matchday, points, won)
    SELECT c.league_id, c.user_id, c.matchday, c.delta, 0 FROM ${CHANGES} c WHERE 1 = 1
    ON CONFLICT (league_id, user_id, matchday) DO UPDATE SET points = member_matchday_points.points + excluded.points
      WHERE excluded.points <> 0`.execute(db);
  await sql`UPDATE league_members AS lm SET points_league = lm.points_league + s.delta, points = lm.points + s.delta
    FROM (SELECT c.league_id, c.user_id, SUM(c.delta) AS delta FROM ${CHANGES} c GROUP BY c.league_id, c.user_id) s
    WHERE lm.league_id = s.league_id AND lm.user_id = s.user_id AND s.delta <> 0`.execute(db);

  const touched = (await sql<{ matchday: number; rescored: number }>`SELECT matchday, MAX(rescored) AS rescored FROM ${CHANGES}
    GROUP BY matchday`.execute(db)).rows.map((r) => ({ matchday: Number(r.matchday), rescored: Number(r.rescored) === 1 }));
  // Winners first: a row about to go may still carry a win (its points just dropped to 0).
  if (touched.length > 0) await decideWinners(db, competitionId, touched);
  const { rows: flags } = await sql<{ emptied: number | null }>`SELECT MAX(emptied) AS emptied FROM ${CHANGES}`.execute(db);
  if (Number(flags[0]?.emptied ?? 0) === 1) {
    // A withdrawn result: a row whose bets all lost their points goes (its points are 0 by now and its win was just taken back).
    await sql`DELETE FROM member_matchday_points
      WHERE (league_id, user_id, matchday) IN (SELECT c.league_id, c.user_id, c.matchday FROM ${CHANGES} c WHERE c.emptied = 1)
        AND NOT EXISTS (SELECT 1 FROM result_bets rb JOIN matches m ON m.id = rb.match_id
          WHERE rb.league_id = member_matchday_points.league_id AND rb.user_id = member_matchday_points.user_id
            AND m.matchday = member_matchday_points.matchday AND rb.mode = 0 AND rb.points IS NOT NULL)`.execute(db);
  }
  await sql`DROP TABLE ${CHANGES}`.execute(db);
}

/**
 * Matchday winners of these matchdays in every league of the competition: the best score of a finished matchday,
 * if anybody scored (as refreshStandings decides them). Only rows whose flag changes are written, and each
 * member's matchday_wins moves by the same amount. A matchday still open has no winners; it had none before
 * either unless a bet re-scored now had points before (`rescored`: its match was finished already), and then
 * only its winners' flags are cleared.
 */
async function decideWinners(db: Executor, competitionId: number, touched: { matchday: number; rescored: boolean }[]): Promise<void> {
  const unfinished = await db.selectFrom('matches').select('matchday').distinct().where('competition_id', '=', competitionId)
    .where('matchday', 'in', touched.map((t) => t.matchday)).where('finished', '=', 0).execute();
  const open = new Set(unfinished.map((row) => row.matchday));
  const finished = touched.filter((t) => !open.has(t.matchday)).map((t) => t.matchday);
  const matchdays = touched.filter((t) => !open.has(t.matchday) || t.rescored).map((t) => t.matchday);
  if (matchdays.length === 0) return;
  const days = sql.join(matchdays);
  // The flag a row of alias `p` should carry, given its league and matchday's best score `b.top`.
  const wins = (p: string) => sql`(CASE WHEN ${sql.ref(`${p}.points`)} > 0
    AND ${finished.length ? sql`${sql.ref(`${p}.matchday`)} IN (${sql.join(finished)})` : sql`1 = 0`}
    AND ${sql.ref(`${p}.points`)} = b.top THEN 1 ELSE 0 END)`;
  const best = sql`(SELECT t.league_id, t.matchday, MAX(t.points) AS top FROM member_matchday_points t
    WHERE t.matchday IN (${days}) AND ${competitionLeagues(competitionId, 't.league_id')} GROUP BY t.league_id, t.matchday)`;
  await sql`UPDATE league_members AS lm SET matchday_wins = lm.matchday_wins + s.change
    FROM (SELECT p.league_id, p.user_id, SUM(${wins('p')} - p.won) AS change
      FROM member_matchday_points p JOIN ${best} b ON b.league_id = p.league_id AND b.matchday = p.matchday
      WHERE ${wins('p')} <> p.won GROUP BY p.league_id, p.user_id) s
    WHERE lm.league_id = s.league_id AND lm.user_id = s.user_id AND s.change <> 0`.execute(db);
  // Points do not move here, so the best scores stay the same while the flags are written.
  await sql`UPDATE member_matchday_points AS mp SET won = ${wins('mp')}
    FROM ${best} b
    WHERE mp.league_id = b.league_id AND mp.matchday = b.matchday AND ${wins('mp')} <> mp.won`.execute(db);
}

/** Members' pick totals re-summed (after pick points changed), and their grand totals with them. */
export async function refreshPickTotals(db: Executor, competitionId: number): Promise<void> {
  await lockStandings(db, { competitionId });
  const sums = (table: 'round_bets' | 'person_bets') => sql`(SELECT ${sql.ref(`${table}.league_id`)} AS league_id,
      ${sql.ref(`${table}.user_id`)} AS user_id, SUM(${sql.ref(`${table}.points`)}) AS points
    FROM ${sql.table(table)} WHERE ${competitionLeagues(competitionId, `${table}.league_id`)} AND ${sql.ref(`${table}.mode`)} = 0
    GROUP BY ${sql.ref(`${table}.league_id`)}, ${sql.ref(`${table}.user_id`)})`;
  await sql`UPDATE league_members AS lm SET points_rounds = t.pr, points_people = t.pp, points = lm.points_league + t.pr + t.pp + lm.points_bonus
    FROM (SELECT m.league_id, m.user_id, COALESCE(r.points, 0) AS pr, COALESCE(pb.points, 0) AS pp
      FROM league_members m
      LEFT JOIN ${sums('round_bets')} r ON r.league_id = m.league_id AND r.user_id = m.user_id
      LEFT JOIN ${sums('person_bets')} pb ON pb.league_id = m.league_id AND pb.user_id = m.user_id
      WHERE ${competitionLeagues(competitionId, 'm.league_id')}) t
    WHERE lm.league_id = t.league_id AND lm.user_id = t.user_id AND (lm.points_rounds <> t.pr OR lm.points_people <> t.pp)`.execute(db);
}
