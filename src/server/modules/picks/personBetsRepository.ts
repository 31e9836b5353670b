import type { Executor } from '../../db/database';
import type { PickKey } from './pickContextRepository';

export interface PersonBetRow {
  id: number;
  league_id: number;
  league_rule_id: number;
  person_id: number;
  person_name: string;
  user_id: number;
  user_name: string;
  mode: number;
  points: number | null;
}

const columns = [
  'person_bets.id', 'person_bets.league_id', 'person_bets.league_rule_id', 'person_bets.person_id',
  'people.name as person_name', 'person_bets.user_id', 'users.name as user_name', 'person_bets.mode', 'person_bets.points',
] as const;

/** Person picks of a league for some rules, optionally of one member; members in name order, then persons. */
export async function listPersonBets(
  db: Executor,
  filter: { leagueId: number; ruleIds: number[]; mode: number; userId?: number },
): Promise<PersonBetRow[]> {
  if (filter.ruleIds.length === 0) return [];
  let query = db.selectFrom('person_bets')
    .innerJoin('users', 'users.id', 'person_bets.user_id')
    .innerJoin('people', 'people.id', 'person_bets.person_id')
    .select(columns)
    .where('person_bets.league_id', '=', filter.leagueId)
    .where('person_bets.league_rule_id', 'in', filter.ruleIds)
    .where('person_bets.mode', '=', filter.mode);
  if (filter.userId !== undefined) query = query.where('person_bets.user_id', '=', filter.userId);
  return query.orderBy('users.name').orderBy('person_bets.user_id').orderBy('people.name').execute();
}

export async function findPersonBet(db: Executor, id: number): Promise<PersonBetRow | undefined> {
  return db.selectFrom('person_bets')
    .innerJoin('users', 'users.id', 'person_bets.user_id')
    .innerJoin('people', 'people.id', 'person_bets.person_id')
    .select(columns)
    .where('person_bets.id', '=', id)
    .executeTakeFirst();
}

export async function personExists(db: Executor, personId: number): Promise<boolean> {
  return (await db.selectFrom('people').select('id').where('id', '=', personId).executeTakeFirst()) !== undefined;
}

/** Goals of a person in a competition (0 without stats). */
export async function personGoals(db: Executor, competitionId: number, personId: number): Promise<number> {
  const row = await db.selectFrom('person_stats').select('goals')
    .where('competition_id', '=', competitionId).where('person_id', '=', personId).executeTakeFirst();
  return row?.goals ?? 0;
}

export async function countPersonPicks(db: Executor, key: PickKey): Promise<number> {
  const row = await db.selectFrom('person_bets').select((eb) => eb.fn.countAll().as('n'))
    .where('league_id', '=', key.leagueId).where('user_id', '=', key.userId)
    .where('league_rule_id', '=', key.ruleId).where('mode', '=', key.mode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPersonPick(db: Executor, key: PickKey, personId: number): Promise<number | undefined> {
  const row = await db.selectFrom('person_bets').select('id')
    .where('league_id', '=', key.leagueId).where('user_id', '=', key.userId)
    .where('league_rule_id', '=', key.ruleId).where('mode', '=', key.mode).where('person_id', '=', personId)
    .executeTakeFirst();
  return row?.id;
}

export async function insertPersonPick(db: Executor, key: PickKey, personId: number, now: number): Promise<number> {
  const { id } = await db.insertInto('person_bets').values({
    league_id: key.leagueId, user_id: key.userId, league_rule_id: key.ruleId, person_id: personId, mode: key.mode,
    points: null, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function deletePersonPick(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('person_bets').where('id', '=', id).execute();
}
