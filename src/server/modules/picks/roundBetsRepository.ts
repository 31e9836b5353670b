import type { Executor } from '../../db/database';
import type { PickKey } from './pickContextRepository';

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
}

/** Picks of a league for some rules, optionally of one member; members in name order, then teams. */
export async function listRoundBets(
  db: Executor,
  filter: { leagueId: number; ruleIds: number[]; mode: number; userId?: number },
): Promise<RoundBetRow[]> {
  if (filter.ruleIds.length === 0) return [];
  let query = db.selectFrom('round_bets')
    .innerJoin('users', 'users.id', 'round_bets.user_id')
    .innerJoin('league_rules', 'league_rules.id', 'round_bets.league_rule_id')
    .innerJoin('teams', 'teams.id', 'round_bets.team_id')
    .select([
      'round_bets.id', 'round_bets.league_id', 'round_bets.league_rule_id', 'league_rules.round_id',
      'round_bets.team_id', 'teams.team_name', 'round_bets.user_id', 'users.name as user_name',
      'round_bets.mode', 'round_bets.points',
    ])
    .where('round_bets.league_id', '=', filter.leagueId)
    .where('round_bets.league_rule_id', 'in', filter.ruleIds)
    .where('round_bets.mode', '=', filter.mode);
  if (filter.userId !== undefined) query = query.where('round_bets.user_id', '=', filter.userId);
  return query.orderBy('users.name').orderBy('round_bets.user_id').orderBy('teams.team_name').execute();
}

export async function findRoundBet(db: Executor, id: number): Promise<RoundBetRow | undefined> {
  return db.selectFrom('round_bets')
    .innerJoin('users', 'users.id', 'round_bets.user_id')
    .innerJoin('league_rules', 'league_rules.id', 'round_bets.league_rule_id')
    .innerJoin('teams', 'teams.id', 'round_bets.team_id')
    .select([
      'round_bets.id', 'round_bets.league_id', 'round_bets.league_rule_id', 'league_rules.round_id',
      'round_bets.team_id', 'teams.team_name', 'round_bets.user_id', 'users.name as user_name',
      'round_bets.mode', 'round_bets.points',
    ])
    .where('round_bets.id', '=', id)
    .executeTakeFirst();
}

export async function countRoundPicks(db: Executor, key: PickKey): Promise<number> {
  const row = await db.selectFrom('round_bets').select((eb) => eb.fn.countAll().as('n'))
    .where('league_id', '=', key.leagueId).where('user_id', '=', key.userId)
    .where('league_rule_id', '=', key.ruleId).where('mode', '=', key.mode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findRoundPick(db: Executor, key: PickKey, teamId: number): Promise<number | undefined> {
  const row = await db.selectFrom('round_bets').select('id')
    .where('league_id', '=', key.leagueId).where('user_id', '=', key.userId)
    .where('league_rule_id', '=', key.ruleId).where('mode', '=', key.mode).where('team_id', '=', teamId)
    .executeTakeFirst();
  return row?.id;
}

export async function insertRoundPick(db: Executor, key: PickKey, teamId: number, now: number): Promise<number> {
  const { id } = await db.insertInto('round_bets').values({
    league_id: key.leagueId, user_id: key.userId, league_rule_id: key.ruleId, team_id: teamId, mode: key.mode,
    points: null, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function deleteRoundPick(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('round_bets').where('id', '=', id).execute();
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
