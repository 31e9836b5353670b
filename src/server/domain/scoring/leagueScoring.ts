import type { BetWeights, Scoring, ScoringMode, ScoringRules } from '../../../shared/domain/scoring';
import type { Executor } from '../../platform/db/database';

/** The scoring columns of a league row. */
interface ScoringColumns {
  scoring_mode: ScoringMode; points_tendency: number; points_goal_difference: number; points_exact: number;
  points_local_goals: number; points_visiting_goals: number; points_quote_max: number;
}

export const SCORING_COLUMNS = [
  'scoring_mode', 'points_tendency', 'points_goal_difference', 'points_exact', 'points_local_goals', 'points_visiting_goals',
  'points_quote_max',
] as const;

export const scoringFromColumns = (row: ScoringColumns): Scoring => ({
  mode: row.scoring_mode, tendency: row.points_tendency, goal_difference: row.points_goal_difference, exact: row.points_exact,
  local_goals: row.points_local_goals, visiting_goals: row.points_visiting_goals, quote_max: row.points_quote_max,
});

export const scoringToColumns = (scoring: Scoring): ScoringColumns => ({
  scoring_mode: scoring.mode, points_tendency: scoring.tendency, points_goal_difference: scoring.goal_difference,
  points_exact: scoring.exact, points_local_goals: scoring.local_goals, points_visiting_goals: scoring.visiting_goals,
  points_quote_max: scoring.quote_max,
});

/** A league's rules and weights as the pure functions take them (simulations, live provisional tables, points info). */
export async function loadLeagueScoring(db: Executor, leagueId: number): Promise<{ rules: ScoringRules; weights: BetWeights }> {
  const [league, multipliers] = await Promise.all([
    db.selectFrom('leagues').select(['bets_system', 'knockout_basis', 'joker_count', 'joker_multiplier', ...SCORING_COLUMNS])
      .where('id', '=', leagueId).executeTakeFirstOrThrow(),
    listRoundMultipliers(db, leagueId),
  ]);
  return {
    rules: { bets_system: league.bets_system, knockout_basis: league.knockout_basis, scoring: scoringFromColumns(league) },
    weights: { round_multipliers: multipliers, jokers: { count: league.joker_count, multiplier: league.joker_multiplier } },
  };
}

async function listRoundMultipliers(db: Executor, leagueId: number): Promise<{ round_id: number; factor: number }[]> {
  const rows = await db.selectFrom('league_round_multipliers').select(['round_id', 'factor'])
    .where('league_id', '=', leagueId).orderBy('round_id').execute();
  return rows.map((r) => ({ round_id: Number(r.round_id), factor: Number(r.factor) }));
}

/** Replaces a league's round multipliers (factor 1 is the default and is not stored). */
export async function replaceRoundMultipliers(db: Executor, leagueId: number, multipliers: readonly { round_id: number; factor: number }[]): Promise<void> {
  await db.deleteFrom('league_round_multipliers').where('league_id', '=', leagueId).execute();
  const stored = multipliers.filter((m) => m.factor !== 1);
  if (stored.length) {
    await db.insertInto('league_round_multipliers')
      .values(stored.map((m) => ({ league_id: leagueId, round_id: m.round_id, factor: m.factor }))).execute();
  }
}
