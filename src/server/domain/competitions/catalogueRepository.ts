import type { Executor } from '../../platform/db/database';

/** Rounds, teams, groups and people: the slow-changing reference data the client loads at start-up. */

export function listRounds(db: Executor) {
  return db.selectFrom('rounds').select(['id', 'name', 'kind']).orderBy('id').execute();
}

export function findRound(db: Executor, id: number) {
  return db.selectFrom('rounds').select(['id', 'name', 'kind']).where('id', '=', id).executeTakeFirst();
}

export function roundsOfCompetition(db: Executor, competitionId: number) {
  return db.selectFrom('rounds as r')
    .select(['r.id', 'r.name', 'r.kind'])
    .where((eb) => eb.or([
      eb('r.id', 'in', eb.selectFrom('matches').select('round_id').where('competition_id', '=', competitionId)),
      eb('r.id', 'in', eb.selectFrom('league_rules').select('round_id').where('competition_id', '=', competitionId)),
    ]))
    .orderBy('r.id')
    .execute();
}

const TEAM_COLUMNS = ['t.id', 't.team_name', 't.abbreviation', 't.flag', 't.is_flag', 't.colors'] as const;

export function listTeams(db: Executor) {
  return db.selectFrom('teams as t').select(TEAM_COLUMNS).orderBy('t.team_name').orderBy('t.id').execute();
}

export type TeamRow = Awaited<ReturnType<typeof listTeams>>[number];

export function teamsOfCompetition(db: Executor, competitionId: number): Promise<TeamRow[]> {
  return db.selectFrom('competition_teams as ct')
    .innerJoin('teams as t', 't.id', 'ct.team_id')
    .select(TEAM_COLUMNS)
    .where('ct.competition_id', '=', competitionId)
    .orderBy('t.team_name').orderBy('t.id')
    .execute();
}

/** People with stats in the competition, or playing for one of its teams. */
export function peopleOfCompetition(db: Executor, competitionId: number) {
  return db.selectFrom('people as p')
    .select(['p.id', 'p.name', 'p.team_id'])
    .where((eb) => eb.or([
      eb('p.id', 'in', eb.selectFrom('person_stats').select('person_id').where('competition_id', '=', competitionId)),
      eb('p.team_id', 'in', eb.selectFrom('competition_teams').select('team_id').where('competition_id', '=', competitionId)),
    ]))
    .orderBy('p.name').orderBy('p.id')
    .execute();
}

export function listGroups(db: Executor, competitionId?: number) {
  let query = db.selectFrom('groups').select(['id', 'competition_id', 'name']);
  if (competitionId !== undefined) query = query.where('competition_id', '=', competitionId);
  return query.orderBy('competition_id').orderBy('name').orderBy('id').execute();
}

export function findGroup(db: Executor, id: number) {
  return db.selectFrom('groups').select(['id', 'competition_id', 'name']).where('id', '=', id).executeTakeFirst();
}

export function listGroupTeams(db: Executor, competitionId?: number) {
  let query = db.selectFrom('group_teams as gt').innerJoin('groups as g', 'g.id', 'gt.group_id')
    .select(['gt.group_id', 'gt.team_id']);
  if (competitionId !== undefined) query = query.where('g.competition_id', '=', competitionId);
  return query.orderBy('gt.group_id').orderBy('gt.team_id').execute();
}
