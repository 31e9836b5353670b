import { sql, type RawBuilder } from 'kysely';
import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { RESULT_POINTS } from '../../../shared/domain/scoring';
import { KNOCKOUT_ORDER, ROUND } from '../../../shared/domain/rounds';

/**
 * SQL mirrors of the shared rules (src/shared/domain/scoring.ts, deadlines.ts), written once and spliced into
 * the set-based statements. Portable: plain CASE/EXISTS, no dialect functions. Arguments are table aliases.
 * The tests compare these with the pure functions.
 */

const KNOCKOUT_IDS = sql.join([...KNOCKOUT_ORDER, ROUND.THIRD_PLACE].map((id) => sql.lit(id)));

/** Whether match `m` takes result bets in league `l` (of competition `c`): isMatchPlayedInLeague. */
export function playedInLeague(l: string, m: string, c: string): RawBuilder<unknown> {
  const [L, M, C] = [sql.table(l), sql.table(m), sql.table(c)];
  return sql`(${L}.bets_system <> 'disabled'
    AND (${M}.round_id NOT IN (${KNOCKOUT_IDS}) OR ${L}.playoff_results_points = 1)
    AND (${C}.competition_type <> 'league' OR ${M}.matchday >= ${L}.start_matchday)
    AND (NOT EXISTS (SELECT 1 FROM league_teams lt0 WHERE lt0.league_id = ${L}.id)
      OR EXISTS (SELECT 1 FROM league_teams lt1 WHERE lt1.league_id = ${L}.id
        AND (lt1.team_id = ${M}.local_team_id OR lt1.team_id = ${M}.visiting_team_id))))`;
}

/**
 * Result bet deadline of match `m` of competition `c` (resultBetDeadline), epoch ms. Once the match's bets have
 * been shown, the deadline they had then (`bets_shown_at`, see shownBets.ts) stays its deadline, whatever later
 * happens to the kickoffs.
 */
export function resultBetDeadlineSql(m: string, c: string): RawBuilder<number> {
  return sql<number>`COALESCE(${sql.ref(`${m}.bets_shown_at`)}, ${scheduledDeadlineSql(m, c)})`;
}

/** The deadline the current kickoffs give (resultBetDeadline), ignoring bets_shown_at. */
export function scheduledDeadlineSql(m: string, c: string): RawBuilder<number> {
  const [M, C] = [sql.table(m), sql.table(c)];
  return sql<number>`((CASE WHEN ${C}.competition_type = 'league'
    THEN (SELECT MIN(md.date) FROM matches md WHERE md.competition_id = ${M}.competition_id AND md.matchday = ${M}.matchday)
    ELSE ${M}.date END) - ${sql.lit(BET_LOCK_MS)})`;
}

/**
 * The kickoff pick deadlines anchor on for match `m`: its kickoff, or, once its bets were shown, the kickoff that
 * governed them then, so moving a shown match later never reopens the picks it had closed.
 */
export function effectiveKickoffSql(m: string): RawBuilder<number> {
  return sql<number>`COALESCE(${sql.ref(`${m}.bets_shown_at`)} + ${sql.lit(BET_LOCK_MS)}, ${sql.ref(`${m}.date`)})`;
}

/** The goals a bet is compared with (scoringResult): 90 minutes, or after extra time in knockout rounds. */
function resultGoals(l: string, m: string, side: 'local' | 'visiting'): RawBuilder<number> {
  const [L, M] = [sql.table(l), sql.table(m)];
  const goals = sql.ref(`${m}.${side}_goals`);
  const extra = sql.ref(`${m}.${side}_goals_extra_time`);
  return sql<number>`(${goals} + CASE WHEN ${L}.knockout_basis = 'extra_time' AND ${M}.round_id IN (${KNOCKOUT_IDS})
    THEN COALESCE(${extra}, 0) ELSE 0 END)`;
}

const signOf = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
  sql`(CASE WHEN ${a} > ${b} THEN 1 WHEN ${a} < ${b} THEN -1 ELSE 0 END)`;

/**
 * Points of bet goals (`betLocal`, `betVisiting`) on match `m` in league `l` (resultBetPoints), null when the match
 * is unfinished, the bet empty, or the match not played in the league.
 */
export function resultBetPointsSql(
  l: string, m: string, c: string, betLocal: RawBuilder<unknown>, betVisiting: RawBuilder<unknown>,
): RawBuilder<number | null> {
  const L = sql.table(l);
  const M = sql.table(m);
  const rl = resultGoals(l, m, 'local');
  const rv = resultGoals(l, m, 'visiting');
  const p = RESULT_POINTS;
  return sql<number | null>`(CASE
    WHEN ${M}.finished = 0 OR ${M}.local_goals IS NULL OR ${M}.visiting_goals IS NULL
      OR ${betLocal} IS NULL OR ${betVisiting} IS NULL OR NOT ${playedInLeague(l, m, c)} THEN NULL
    ELSE (CASE WHEN ${signOf(betLocal, betVisiting)} = ${signOf(rl, rv)} THEN ${sql.lit(p.sign)} ELSE 0 END)
      + (CASE WHEN ${L}.bets_system = 'exact' AND ${L}.points_system = 'winner_and_goals' THEN
          (CASE WHEN ${betLocal} = ${rl} THEN ${sql.lit(p.local_goals)} ELSE 0 END)
          + (CASE WHEN ${betVisiting} = ${rv} THEN ${sql.lit(p.visiting_goals)} ELSE 0 END)
          + (CASE WHEN ${betLocal} = ${rl} AND ${betVisiting} = ${rv} THEN ${sql.lit(p.exact)} ELSE 0 END)
        ELSE 0 END)
    END)`;
}

/**
 * Per (league, match) the inputs of resultBetPointsSql that do not depend on the bet: `scored` (0 when the match is
 * unfinished or not played in the league), the result goals and sign, and whether goals score (`by_goals`).
 * Computed once per league and match, so scoring many bets is plain arithmetic per bet.
 */
export function betFactsSql(l: string, m: string, c: string): RawBuilder<unknown> {
  const [L, M] = [sql.table(l), sql.table(m)];
  const rl = resultGoals(l, m, 'local');
  const rv = resultGoals(l, m, 'visiting');
  return sql`${L}.id AS league_id, ${M}.id AS match_id,
    CASE WHEN ${M}.finished = 0 OR ${M}.local_goals IS NULL OR ${M}.visiting_goals IS NULL OR NOT ${playedInLeague(l, m, c)}
      THEN 0 ELSE 1 END AS scored,
    ${rl} AS rl, ${rv} AS rv, ${signOf(rl, rv)} AS rsign,
    CASE WHEN ${L}.bets_system = 'exact' AND ${L}.points_system = 'winner_and_goals' THEN 1 ELSE 0 END AS by_goals`;
}

/** resultBetPointsSql from a row `f` of betFactsSql. */
export function pointsFromFactsSql(f: string, betLocal: RawBuilder<unknown>, betVisiting: RawBuilder<unknown>): RawBuilder<number | null> {
  const F = sql.table(f);
  const p = RESULT_POINTS;
  return sql<number | null>`(CASE
    WHEN ${F}.scored = 0 OR ${betLocal} IS NULL OR ${betVisiting} IS NULL THEN NULL
    ELSE (CASE WHEN ${signOf(betLocal, betVisiting)} = ${F}.rsign THEN ${sql.lit(p.sign)} ELSE 0 END)
      + (CASE WHEN ${F}.by_goals = 1 THEN
          (CASE WHEN ${betLocal} = ${F}.rl THEN ${sql.lit(p.local_goals)} ELSE 0 END)
          + (CASE WHEN ${betVisiting} = ${F}.rv THEN ${sql.lit(p.visiting_goals)} ELSE 0 END)
          + (CASE WHEN ${betLocal} = ${F}.rl AND ${betVisiting} = ${F}.rv THEN ${sql.lit(p.exact)} ELSE 0 END)
        ELSE 0 END)
    END)`;
}
