import type { Executor } from '../../platform/db/database';

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
  by_bot: number;
}

/** Person picks with the person's and the member's names. */
function personBetsWithNames(db: Executor) {
  return db.selectFrom('person_bets')
    .innerJoin('users', 'users.id', 'person_bets.user_id')
    .innerJoin('people', 'people.id', 'person_bets.person_id')
    .select([
      'person_bets.id', 'person_bets.league_id', 'person_bets.league_rule_id', 'person_bets.person_id',
      'people.name as person_name', 'person_bets.user_id', 'users.name as user_name', 'person_bets.mode', 'person_bets.points',
      'person_bets.by_bot',
    ]);
}

/** Person picks of a league for some rules, optionally of one member; members in name order, then persons. */
export async function listPersonBets(
  db: Executor,
  filter: { leagueId: number; ruleIds: number[]; mode: number; userId?: number },
): Promise<PersonBetRow[]> {
  if (filter.ruleIds.length === 0) return [];
  let query = personBetsWithNames(db)
    .where('person_bets.league_id', '=', filter.leagueId)
    .where('person_bets.league_rule_id', 'in', filter.ruleIds)
    .where('person_bets.mode', '=', filter.mode);
  if (filter.userId !== undefined) query = query.where('person_bets.user_id', '=', filter.userId);
  return query.orderBy('users.name').orderBy('person_bets.user_id').orderBy('people.name').execute();
}

export async function findPersonBet(db: Executor, id: number): Promise<PersonBetRow | undefined> {
  return personBetsWithNames(db)
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
