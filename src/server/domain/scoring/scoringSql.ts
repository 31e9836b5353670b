import { sql, type RawBuilder } from 'kysely';
import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { PERMYRIAD } from '../../../shared/domain/scoring';
import { KNOCKOUT_ORDER, ROUND } from '../../../shared/domain/rounds';
import { OVERALL_RANKING_RULES } from '../../../shared/domain/scoring';

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
function lockBySql(l: string, m: string): RawBuilder<string> {
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

/** The per-(league, match) facts betFactsSql names; each an SQL expression. */
type BetFacts = Record<'league_id' | 'match_id' | 'scored' | 'rl' | 'rv' | 'rsign' | 'by_goals' | 'pts_t' | 'pts_gd'
  | 'pts_exact' | 'pts_l' | 'pts_v' | 'factor' | 'joker_mult', RawBuilder<unknown>>;

/**
 * Per (league, match) the inputs of the points that do not depend on the bet: `scored` (0 when the match is
 * unfinished or not played in the league), the result goals and sign, what each kind of hit is worth there, the
 * round's factor and the joker multiplier (1 without jokers). Computed once per league and match, so scoring many
 * bets is plain arithmetic per bet (pointsFromFacts).
 *
 * The hits of tendency, goal difference and exact nest (an exact hit is a tendency hit, and a goal-difference hit
 * too unless the result is a draw; a goal-difference hit is a tendency hit), so the points of the best of them are
 * fixed per league and match in both modes: `pts_exact` for an exact hit, `pts_gd` for a goal-difference hit that is
 * not exact, `pts_t` for a tendency hit alone; local_goals and visiting_goals (`pts_l`, `pts_v`) add to them.
 * In the `sign` system only tendency counts.
 */
function betFacts(l: string, m: string, c: string): BetFacts {
  const [L, M] = [sql.table(l), sql.table(m)];
  const rl = resultGoals(l, m, 'local');
  const rv = resultGoals(l, m, 'visiting');
  const goalsCount = sql`${L}.bets_system = 'exact'`;
  // A `quote` league counts only tendency (by rarity) and exact; an `odds` league tendency (by the model's
  // chances), goal difference and exact.
  const gdCounts = sql`${goalsCount} AND ${L}.scoring_mode <> 'quote'`;
  const sideGoalsCount = sql`${gdCounts} AND ${L}.scoring_mode <> 'odds'`;
  const t = rarityTendencySql(l, m, rl, rv);
  const [gd, e] = [sql`(CASE WHEN ${gdCounts} THEN ${L}.points_goal_difference ELSE 0 END)`,
    sql`(CASE WHEN ${goalsCount} THEN ${L}.points_exact ELSE 0 END)`];
  // A draw has no goal-difference hit (its points are 0 there).
  const gdOnExact = sql`(CASE WHEN ${signOf(rl, rv)} = 0 THEN 0 ELSE ${gd} END)`;
  const highest = sql`${L}.scoring_mode = 'highest'`;
  return {
    league_id: sql`${L}.id`,
    match_id: sql`${M}.id`,
    scored: sql`(CASE WHEN ${M}.finished = 0 OR ${M}.local_goals IS NULL OR ${M}.visiting_goals IS NULL OR NOT ${playedInLeague(l, m, c)}
      THEN 0 ELSE 1 END)`,
    rl, rv, rsign: signOf(rl, rv),
    by_goals: sql`(CASE WHEN ${goalsCount} THEN 1 ELSE 0 END)`,
    pts_t: t,
    pts_gd: sql`(CASE WHEN ${highest} THEN ${larger(t, gd)} ELSE ${t} + ${gd} END)`,
    pts_exact: sql`(CASE WHEN ${highest} THEN ${larger(larger(t, gdOnExact), e)} ELSE ${t} + ${gdOnExact} + ${e} END)`,
    pts_l: sql`(CASE WHEN ${sideGoalsCount} THEN ${L}.points_local_goals ELSE 0 END)`,
    pts_v: sql`(CASE WHEN ${sideGoalsCount} THEN ${L}.points_visiting_goals ELSE 0 END)`,
    factor: sql`COALESCE((SELECT rm.factor FROM league_round_multipliers rm WHERE rm.league_id = ${L}.id AND rm.round_id = ${M}.round_id), 1)`,
    joker_mult: sql`(CASE WHEN ${L}.joker_count > 0 THEN ${L}.joker_multiplier ELSE 1 END)`,
  };
}

/**
 * What a right tendency earns in league `l` on match `m`: the tendency's points, or tendency x N / n rounded half up,
 * between tendency and quote_max, where
 * - in a `quote` league (quotePoints) N counts the league's real bets on the match (both goals entered; a member who
 *   leaves loses their bets) and n those with the result's tendency: one aggregate over the league's bets on the
 *   match (index result_bets_league_match);
 * - in an `odds` league (oddsPoints) N is PERMYRIAD and n the model's chance of the result's outcome sealed at the
 *   league's deadline (league_match_odds; no seal: the tendency's points).
 * Evaluated once per league and match where the facts are materialised, and only in those modes.
 */
function rarityTendencySql(l: string, m: string, rl: RawBuilder<number>, rv: RawBuilder<number>): RawBuilder<number> {
  const L = sql.table(l);
  const t = sql`${L}.points_tendency`;
  const ceiling = sql`(CASE WHEN ${L}.points_quote_max < ${t} THEN ${t} ELSE ${L}.points_quote_max END)`;
  const clamped = (N: RawBuilder<unknown>, n: RawBuilder<unknown>) => {
    const rounded = sql`((2 * ${t} * ${N} + ${n}) / (2 * ${n}))`;
    return sql`CASE WHEN ${rounded} < ${t} THEN ${t} WHEN ${rounded} > ${ceiling} THEN ${ceiling} ELSE ${rounded} END`;
  };
  const crowdN = sql`(CASE WHEN SUM(${crowdRight(rl, rv)}) > 0 THEN SUM(${crowdRight(rl, rv)}) ELSE 1 END)`;
  const chance = sealedChanceSql(l, m, signOf(rl, rv));
  return sql<number>`(CASE WHEN ${L}.scoring_mode = 'quote' THEN (SELECT ${clamped(sql`COUNT(*)`, crowdN)}
    FROM result_bets q WHERE q.competition_id = ${sql.ref(`${m}.competition_id`)} AND q.league_id = ${L}.id
      AND q.match_id = ${sql.ref(`${m}.id`)} AND q.mode = 0
      AND q.local_goals IS NOT NULL AND q.visiting_goals IS NOT NULL)
    WHEN ${L}.scoring_mode = 'odds' THEN COALESCE((SELECT ${clamped(sql.lit(PERMYRIAD), sql`(CASE WHEN ${chance} > 0 THEN ${chance} ELSE 1 END)`)}
      FROM league_match_odds o WHERE o.league_id = ${L}.id AND o.match_id = ${sql.ref(`${m}.id`)}), ${t})
    ELSE ${t} END)`;
}

/**
 * The sealed chance (row `o` of league_match_odds) of the outcome `sign` as league `l` compares bets on match `m`
 * (oddsForBasis): the 90 minutes; in knockout rounds of an `extra_time` league after extra time, of a `penalties`
 * league going through (a draw 0).
 */
function sealedChanceSql(l: string, m: string, sign: RawBuilder<unknown>): RawBuilder<number> {
  const [L, M] = [sql.table(l), sql.table(m)];
  const pick = (home: string, draw: RawBuilder<unknown>, away: string) =>
    sql`(CASE ${sign} WHEN 1 THEN ${sql.ref(`o.${home}`)} WHEN 0 THEN ${draw} ELSE ${sql.ref(`o.${away}`)} END)`;
  return sql<number>`(CASE WHEN ${L}.knockout_basis <> 'regular' AND ${M}.round_id IN (${KNOCKOUT_IDS}) AND o.et_home IS NOT NULL
    THEN (CASE WHEN ${L}.knockout_basis = 'extra_time' THEN ${pick('et_home', sql.ref('o.et_draw'), 'et_away')}
      ELSE ${pick('through_home', sql.lit(0), 'through_away')} END)
    ELSE ${pick('home', sql.ref('o.draw'), 'away')} END)`;
}

/** 1 for a bet `q` with the tendency of the result (rl, rv), else 0. */
const crowdRight = (rl: RawBuilder<number>, rv: RawBuilder<number>) =>
  sql`(CASE WHEN ${signOf(sql.ref('q.local_goals'), sql.ref('q.visiting_goals'))} = ${signOf(rl, rv)} THEN 1 ELSE 0 END)`;

/** betFacts as a select list (`expr AS name, ...`), for a CTE or derived table that bets join on (league_id, match_id). */
export function betFactsSql(l: string, m: string, c: string): RawBuilder<unknown> {
  return sql.join(Object.entries(betFacts(l, m, c)).map(([name, expr]) => sql`${expr} AS ${sql.ref(name)}`));
}

/** The facts of a row `f` of betFactsSql, as column references. */
function factsOf(f: string): BetFacts {
  const ref = (name: string) => sql.ref(`${f}.${name}`);
  return {
    league_id: ref('league_id'), match_id: ref('match_id'), scored: ref('scored'), rl: ref('rl'), rv: ref('rv'), rsign: ref('rsign'),
    by_goals: ref('by_goals'), pts_t: ref('pts_t'), pts_gd: ref('pts_gd'), pts_exact: ref('pts_exact'), pts_l: ref('pts_l'),
    pts_v: ref('pts_v'), factor: ref('factor'), joker_mult: ref('joker_mult'),
  };
}

/**
 * resultBetPoints from betFacts: null when the match is not scored or the bet empty; else the best nested hit's
 * points plus the side goals, times the round factor, times the joker multiplier when `joker` is 1.
 */
function pointsFromFacts(
  f: BetFacts, betLocal: RawBuilder<unknown>, betVisiting: RawBuilder<unknown>, joker: RawBuilder<unknown> = sql.lit(0),
): RawBuilder<number | null> {
  return sql<number | null>`(CASE
    WHEN ${f.scored} = 0 OR ${betLocal} IS NULL OR ${betVisiting} IS NULL THEN NULL
    ELSE ((CASE WHEN ${betLocal} = ${f.rl} AND ${betVisiting} = ${f.rv} THEN ${f.pts_exact}
        WHEN ${f.rsign} <> 0 AND ${betLocal} - ${betVisiting} = ${f.rl} - ${f.rv} THEN ${f.pts_gd}
        WHEN ${signOf(betLocal, betVisiting)} = ${f.rsign} THEN ${f.pts_t} ELSE 0 END)
      + (CASE WHEN ${betLocal} = ${f.rl} THEN ${f.pts_l} ELSE 0 END)
      + (CASE WHEN ${betVisiting} = ${f.rv} THEN ${f.pts_v} ELSE 0 END))
      * ${f.factor} * (CASE WHEN ${joker} = 1 THEN ${f.joker_mult} ELSE 1 END)
    END)`;
}

/** pointsFromFacts over a row `f` of betFactsSql (the set-based statements: facts computed once per league and match). */
export function pointsFromFactsSql(
  f: string, betLocal: RawBuilder<unknown>, betVisiting: RawBuilder<unknown>, joker: RawBuilder<unknown> = sql.lit(0),
): RawBuilder<number | null> {
  return pointsFromFacts(factsOf(f), betLocal, betVisiting, joker);
}

/**
 * The points of real bet `rb` (null for a simulation row), computed from its league `l`, match `m` and competition
 * `c` in the row itself: points are not stored per bet (a result would rewrite every bet on the match), so every
 * read of a few bets scores them here, by the same rules as the standings' set-based statements.
 */
export function betPointsSql(rb: string, l: string, m: string, c: string): RawBuilder<number | null> {
  const points = pointsFromFacts(betFacts(l, m, c), sql.ref(`${rb}.local_goals`), sql.ref(`${rb}.visiting_goals`), sql.ref(`${rb}.joker`));
  return sql<number | null>`(CASE WHEN ${sql.ref(`${rb}.mode`)} = 0 THEN ${points} END)`;
}

/**
 * The points and exact hit of a bet under the overall ranking's rules (OVERALL_RANKING_RULES: additive, on the
 * 90-minute result `rl`-`rv`, no factor, no joker), for a bet already known to be scored.
 */
export function overallPointsSql(
  betLocal: RawBuilder<unknown>, betVisiting: RawBuilder<unknown>, rl: RawBuilder<unknown>, rv: RawBuilder<unknown>,
): { points: RawBuilder<number>; exact: RawBuilder<number> } {
  const { scoring } = OVERALL_RANKING_RULES;
  if (scoring.mode !== 'additive') throw new Error('the overall ranking scores additively');
  const lit = (value: number) => sql.lit(value);
  const exact = sql<number>`(CASE WHEN ${betLocal} = ${rl} AND ${betVisiting} = ${rv} THEN 1 ELSE 0 END)`;
  return {
    exact,
    points: sql<number>`((CASE WHEN ${signOf(betLocal, betVisiting)} = ${signOf(rl, rv)} THEN ${lit(scoring.tendency)} ELSE 0 END)
      + (CASE WHEN ${signOf(rl, rv)} <> 0 AND ${betLocal} - ${betVisiting} = ${rl} - ${rv} THEN ${lit(scoring.goal_difference)} ELSE 0 END)
      + ${exact} * ${lit(scoring.exact)}
      + (CASE WHEN ${betLocal} = ${rl} THEN ${lit(scoring.local_goals)} ELSE 0 END)
      + (CASE WHEN ${betVisiting} = ${rv} THEN ${lit(scoring.visiting_goals)} ELSE 0 END))`,
  };
}

/** The hits a scored bet counts for a league's tie-breaks (tableHits): tendency, goal difference and exact, as 0 or 1. */
export function betHitsSql(f: string, betLocal: RawBuilder<unknown>, betVisiting: RawBuilder<unknown>) {
  const facts = factsOf(f);
  return {
    tendency: sql<number>`(CASE WHEN ${signOf(betLocal, betVisiting)} = ${facts.rsign} THEN 1 ELSE 0 END)`,
    goal_difference: sql<number>`(CASE WHEN ${facts.by_goals} = 1 AND ${facts.rsign} <> 0 AND ${betLocal} - ${betVisiting} = ${facts.rl} - ${facts.rv} THEN 1 ELSE 0 END)`,
    exact: sql<number>`(CASE WHEN ${facts.by_goals} = 1 AND ${betLocal} = ${facts.rl} AND ${betVisiting} = ${facts.rv} THEN 1 ELSE 0 END)`,
  };
}
