import { sql, type RawBuilder } from 'kysely';
import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
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
 * Result bet deadline of match `m` in league `l` (resultBetDeadline), epoch ms: the league's minutes before the
 * match's kickoff or its matchday's first kickoff (lock_by), never later than what the kickoffs pinned when its bets
 * were first shown give (matches.shown_kickoff / shown_matchday_kickoff, see shownBets.ts).
 */
export function resultBetDeadlineSql(l: string, m: string): RawBuilder<number> {
  return deadlineWithSql(lockBySql(l, m), sql.ref(`${l}.bet_deadline_minutes`), m);
}

/** League `l`'s lock_by; a row written without one (null) takes its competition's default (defaultLockBy). */
export function lockBySql(l: string, m: string): RawBuilder<string> {
  return sql<string>`COALESCE(${sql.ref(`${l}.lock_by`)}, (SELECT CASE WHEN lc.competition_type = 'league' THEN 'matchday' ELSE 'match' END
    FROM competitions lc WHERE lc.id = ${sql.ref(`${m}.competition_id`)}))`;
}

/** resultBetDeadlineSql for deadline settings given as expressions (a league's, or ones being considered). */
export function deadlineWithSql(lockBy: RawBuilder<unknown>, minutes: RawBuilder<unknown>, m: string): RawBuilder<number> {
  const M = sql.table(m);
  const matchdayFirst = sql`(SELECT MIN(md.date) FROM matches md WHERE md.competition_id = ${M}.competition_id AND md.matchday = ${M}.matchday)`;
  const earlier = (pinned: RawBuilder<unknown>, current: RawBuilder<unknown>) =>
    sql`(CASE WHEN ${pinned} IS NOT NULL AND ${pinned} < ${current} THEN ${pinned} ELSE ${current} END)`;
  return sql<number>`((CASE WHEN ${lockBy} = 'matchday'
    THEN ${earlier(sql.ref(`${m}.shown_matchday_kickoff`), matchdayFirst)}
    ELSE ${earlier(sql.ref(`${m}.shown_kickoff`), sql.ref(`${m}.date`))} END) - ${minutes} * 60000)`;
}

/**
 * The deadline the current kickoffs give under the default rules (5 minutes; cups by match, league competitions by
 * matchday), ignoring pins: what `bets_shown_at` keeps, which pick deadlines anchor on (effectiveKickoffSql).
 */
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

/**
 * The goals a bet is compared with (scoringResult): 90 minutes, or in knockout rounds after extra time, plus with
 * the `penalties` basis one goal to the shoot-out winner.
 */
function resultGoals(l: string, m: string, side: 'local' | 'visiting'): RawBuilder<number> {
  const [L, M] = [sql.table(l), sql.table(m)];
  const goals = sql.ref(`${m}.${side}_goals`);
  const extra = sql.ref(`${m}.${side}_goals_extra_time`);
  const [own, other] = side === 'local'
    ? [sql.ref(`${m}.local_penalties`), sql.ref(`${m}.visiting_penalties`)]
    : [sql.ref(`${m}.visiting_penalties`), sql.ref(`${m}.local_penalties`)];
  return sql<number>`(${goals} + CASE WHEN ${L}.knockout_basis <> 'regular' AND ${M}.round_id IN (${KNOCKOUT_IDS})
    THEN COALESCE(${extra}, 0) + CASE WHEN ${L}.knockout_basis = 'penalties' AND COALESCE(${own}, 0) > COALESCE(${other}, 0)
      THEN 1 ELSE 0 END
    ELSE 0 END)`;
}

const signOf = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
  sql`(CASE WHEN ${a} > ${b} THEN 1 WHEN ${a} < ${b} THEN -1 ELSE 0 END)`;

const larger = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) => sql`(CASE WHEN ${a} >= ${b} THEN ${a} ELSE ${b} END)`;

/**
 * Per (league, match) the inputs of the points that do not depend on the bet: `scored` (0 when the match is
 * unfinished or not played in the league), the result goals and sign, what each kind of hit is worth there, the
 * round's factor and the joker multiplier (1 without jokers). Computed once per league and match, so scoring many
 * bets is plain arithmetic per bet (pointsFromFactsSql).
 *
 * The hits of tendency, goal difference and exact nest (an exact hit is a tendency hit, and a goal-difference hit
 * too unless the result is a draw; a goal-difference hit is a tendency hit), so the points of the best of them are
 * fixed per league and match in both modes: `pts_exact` for an exact hit, `pts_gd` for a goal-difference hit that is
 * not exact, `pts_t` for a tendency hit alone; local_goals and visiting_goals (`pts_l`, `pts_v`) add to them.
 * In the `sign` system only tendency counts.
 */
export function betFactsSql(l: string, m: string, c: string): RawBuilder<unknown> {
  const [L, M] = [sql.table(l), sql.table(m)];
  const rl = resultGoals(l, m, 'local');
  const rv = resultGoals(l, m, 'visiting');
  const goalsCount = sql`${L}.bets_system = 'exact'`;
  const t = sql`${L}.points_tendency`;
  const [gd, e] = [sql`(CASE WHEN ${goalsCount} THEN ${L}.points_goal_difference ELSE 0 END)`,
    sql`(CASE WHEN ${goalsCount} THEN ${L}.points_exact ELSE 0 END)`];
  // A draw has no goal-difference hit (its points are 0 there).
  const gdOnExact = sql`(CASE WHEN ${signOf(rl, rv)} = 0 THEN 0 ELSE ${gd} END)`;
  const highest = sql`${L}.scoring_mode = 'highest'`;
  return sql`${L}.id AS league_id, ${M}.id AS match_id,
    CASE WHEN ${M}.finished = 0 OR ${M}.local_goals IS NULL OR ${M}.visiting_goals IS NULL OR NOT ${playedInLeague(l, m, c)}
      THEN 0 ELSE 1 END AS scored,
    ${rl} AS rl, ${rv} AS rv, ${signOf(rl, rv)} AS rsign,
    CASE WHEN ${goalsCount} THEN 1 ELSE 0 END AS by_goals,
    ${t} AS pts_t,
    CASE WHEN ${highest} THEN ${larger(t, gd)} ELSE ${t} + ${gd} END AS pts_gd,
    CASE WHEN ${highest} THEN ${larger(larger(t, gdOnExact), e)} ELSE ${t} + ${gdOnExact} + ${e} END AS pts_exact,
    CASE WHEN ${goalsCount} THEN ${L}.points_local_goals ELSE 0 END AS pts_l,
    CASE WHEN ${goalsCount} THEN ${L}.points_visiting_goals ELSE 0 END AS pts_v,
    COALESCE((SELECT rm.factor FROM league_round_multipliers rm WHERE rm.league_id = ${L}.id AND rm.round_id = ${M}.round_id), 1)
      AS factor,
    CASE WHEN ${L}.joker_count > 0 THEN ${L}.joker_multiplier ELSE 1 END AS joker_mult`;
}

/**
 * resultBetPoints from a row `f` of betFactsSql: null when the match is not scored or the bet empty; else the best
 * nested hit's points plus the side goals, times the round factor, times the joker multiplier when `joker` is 1.
 */
export function pointsFromFactsSql(
  f: string, betLocal: RawBuilder<unknown>, betVisiting: RawBuilder<unknown>, joker: RawBuilder<unknown> = sql.lit(0),
): RawBuilder<number | null> {
  const F = sql.table(f);
  return sql<number | null>`(CASE
    WHEN ${F}.scored = 0 OR ${betLocal} IS NULL OR ${betVisiting} IS NULL THEN NULL
    ELSE ((CASE WHEN ${betLocal} = ${F}.rl AND ${betVisiting} = ${F}.rv THEN ${F}.pts_exact
        WHEN ${F}.rsign <> 0 AND ${betLocal} - ${betVisiting} = ${F}.rl - ${F}.rv THEN ${F}.pts_gd
        WHEN ${signOf(betLocal, betVisiting)} = ${F}.rsign THEN ${F}.pts_t ELSE 0 END)
      + (CASE WHEN ${betLocal} = ${F}.rl THEN ${F}.pts_l ELSE 0 END)
      + (CASE WHEN ${betVisiting} = ${F}.rv THEN ${F}.pts_v ELSE 0 END))
      * ${F}.factor * (CASE WHEN ${joker} = 1 THEN ${F}.joker_mult ELSE 1 END)
    END)`;
}
