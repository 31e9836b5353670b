import type { Executor } from '../../platform/db/database';

export interface RoundBetRow {
  id: number;
  league_id: number;
  league_rule_id: number;
  round_id: number;
  team_id: number;
  team_name: string;
  user_id: number;
  user_name: string;
  mode: number;
  points: number | null;
  by_bot: number;
}

/** Round picks with their round, team name and member name. */
function roundBetsWithNames(db: Executor) {
  return db.selectFrom('round_bets')
    .innerJoin('users', 'users.id', 'round_bets.user_id')
    .innerJoin('league_rules', 'league_rules.id', 'round_bets.league_rule_id')
    .innerJoin('teams', 'teams.id', 'round_bets.team_id')
    .select([
      'round_bets.id', 'round_bets.league_id', 'round_bets.league_rule_id', 'league_rules.round_id',
      'round_bets.team_id', 'teams.team_name', 'round_bets.user_id', 'users.name as user_name',
      'round_bets.mode', 'round_bets.points', 'round_bets.by_bot',
    ]);
}

/** Picks of a league for some rules, optionally of one member; members in name order, then teams. */
export async function listRoundBets(
  db: Executor,
  filter: { leagueId: number; ruleIds: number[]; mode: number; userId?: number },
): Promise<RoundBetRow[]> {
  if (filter.ruleIds.length === 0) return [];
  let query = roundBetsWithNames(db)
    .where('round_bets.league_id', '=', filter.leagueId)
    .where('round_bets.league_rule_id', 'in', filter.ruleIds)
    .where('round_bets.mode', '=', filter.mode);
  if (filter.userId !== undefined) query = query.where('round_bets.user_id', '=', filter.userId);
  return query.orderBy('users.name').orderBy('round_bets.user_id').orderBy('teams.team_name').execute();
}

export async function findRoundBet(db: Executor, id: number): Promise<RoundBetRow | undefined> {
  return roundBetsWithNames(db)
    .where('round_bets.id', '=', id)
    .executeTakeFirst();
}

/** Distinct members per picked team of a rule (real picks), most picked first, then by team name. */
export async function teamPickCounts(db: Executor, leagueId: number, ruleId: number) {
  const rows = await db.selectFrom('round_bets')
    .innerJoin('teams', 'teams.id', 'round_bets.team_id')
    .select((eb) => ['round_bets.team_id', 'teams.team_name', eb.fn.count('round_bets.user_id').distinct().as('users')])
    .where('round_bets.league_id', '=', leagueId)
    .where('round_bets.league_rule_id', '=', ruleId)
    .where('round_bets.mode', '=', 0)
    .groupBy(['round_bets.team_id', 'teams.team_name'])
    .execute();
  return rows
    .map((r) => ({ team_id: r.team_id, team_name: r.team_name, users: Number(r.users) }))
    .sort((a, b) => b.users - a.users || a.team_name.localeCompare(b.team_name));
}
