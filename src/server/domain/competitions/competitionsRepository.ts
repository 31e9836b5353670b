import { sql, type ExpressionBuilder } from 'kysely';
import { KNOCKOUT_ORDER, ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

/** Rounds whose matches never count in a classic table. */
const KNOCKOUT_ROUND_IDS = [...KNOCKOUT_ORDER, ROUND.THIRD_PLACE];

const COMPETITION_COLUMNS = ['id', 'name', 'finished', 'competition_type', 'provider'] as const;

export function listCompetitions(db: Executor, options: { activeOnly?: boolean } = {}) {
  let query = db.selectFrom('competitions').select(COMPETITION_COLUMNS);
  // Active: still being played and not archived by an admin (archived ones are not offered to new leagues).
  if (options.activeOnly) query = query.where('finished', '=', 0).where('archived_at', 'is', null);
  return query.orderBy('id').execute();
}

export function findCompetition(db: Executor, id: number) {
  return db.selectFrom('competitions').select(COMPETITION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type CompetitionRow = NonNullable<Awaited<ReturnType<typeof findCompetition>>>;

export function listLeagueRules(db: Executor, filter: { competitionId?: number; roundId?: number } = {}) {
  let query = db.selectFrom('league_rules').select(['id', 'competition_id', 'round_id', 'picks', 'points_per_hit']);
  if (filter.competitionId !== undefined) query = query.where('competition_id', '=', filter.competitionId);
  if (filter.roundId !== undefined) query = query.where('round_id', '=', filter.roundId);
  return query.orderBy('competition_id').orderBy('round_id').execute();
}

export async function hasLeagueRule(db: Executor, competitionId: number, roundId: number): Promise<boolean> {
  const row = await db.selectFrom('league_rules').select('id')
    .where('competition_id', '=', competitionId).where('round_id', '=', roundId).executeTakeFirst();
  return row !== undefined;
}

/** Join condition: match `m` is finished, scored, not a knockout, and played by team `t`. */
function countedMatchOfTeam(eb: ExpressionBuilder<Database & { m: Database['matches']; t: Database['teams'] }, 'm' | 't'>) {
  return eb.and([
    eb('m.finished', '=', 1),
    eb('m.round_id', 'not in', KNOCKOUT_ROUND_IDS),
    eb('m.local_goals', 'is not', null),
    eb('m.visiting_goals', 'is not', null),
    eb.or([eb('m.local_team_id', '=', eb.ref('t.id')), eb('m.visiting_team_id', '=', eb.ref('t.id'))]),
  ]);
}

/**
 * Every team of the competition's tables left-joined to its finished, scored, non-knockout matches:
 * one row per team and result (or one row with null match columns). Cups: the teams of each group and
 * that group's matches; leagues: the competition's teams and all their matches.
 */
export function classificationEntries(db: Executor, competition: { id: number; competition_type: 'cup' | 'league' }) {
  const matchColumns = ['m.id as match_id', 'm.date', 'm.local_team_id', 'm.local_goals', 'm.visiting_goals'] as const;
  if (competition.competition_type === 'cup') {
    return db.selectFrom('group_teams as gt')
      .innerJoin('groups as g', 'g.id', 'gt.group_id')
      .innerJoin('teams as t', 't.id', 'gt.team_id')
      .leftJoin('matches as m', (join) => join
        .onRef('m.group_id', '=', 'gt.group_id')
        .on(countedMatchOfTeam))
      .where('g.competition_id', '=', competition.id)
      .select(['t.id as team_id', 't.team_name', 'g.id as group_id', 'g.name as group_name', ...matchColumns])
      .execute();
  }
  return db.selectFrom('competition_teams as ct')
    .innerJoin('teams as t', 't.id', 'ct.team_id')
    .leftJoin('matches as m', (join) => join
      .onRef('m.competition_id', '=', 'ct.competition_id')
      .on(countedMatchOfTeam))
    .where('ct.competition_id', '=', competition.id)
    .select([
      't.id as team_id', 't.team_name', sql<number | null>`null`.as('group_id'), sql<string | null>`null`.as('group_name'),
      ...matchColumns,
    ])
    .execute();
}

export function listScorers(db: Executor, competitionId: number) {
  return db.selectFrom('person_stats as ps')
    .innerJoin('people as p', 'p.id', 'ps.person_id')
    .where('ps.competition_id', '=', competitionId)
    .where((eb) => eb.or([eb('ps.goals', '>', 0), eb('ps.assists', '>', 0)]))
    .select(['p.id', 'p.name', 'p.team_id', 'ps.goals', 'ps.assists'])
    .orderBy('ps.goals', 'desc').orderBy('ps.assists', 'desc').orderBy('p.name').orderBy('p.id')
    .execute();
}

/** Per knockout round with matches: its first kickoff and whether any of its matches has started. */
export async function knockoutRoundStarts(db: Executor, competitionId: number) {
  const rows = await db.selectFrom('matches')
    .where('competition_id', '=', competitionId)
    .where('round_id', 'in', [...KNOCKOUT_ORDER])
    .groupBy('round_id')
    .select((eb) => ['round_id', eb.fn.min('date').as('first_date'), eb.fn.max('started').as('any_started')])
    .execute();
  return rows.map((r) => ({ roundId: r.round_id, firstDate: Number(r.first_date), anyStarted: Number(r.any_started) === 1 }));
}

export async function competitionTeamIds(db: Executor, competitionId: number): Promise<number[]> {
  const rows = await db.selectFrom('competition_teams').select('team_id')
    .where('competition_id', '=', competitionId).orderBy('team_id').execute();
  return rows.map((r) => r.team_id);
}

/** Distinct known team ids of a round's matches, ascending. */
export async function teamIdsOfRound(db: Executor, competitionId: number, roundId: number): Promise<number[]> {
  const rows = await db.selectFrom('matches').select(['local_team_id', 'visiting_team_id'])
    .where('competition_id', '=', competitionId).where('round_id', '=', roundId).execute();
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.local_team_id !== null) ids.add(r.local_team_id);
    if (r.visiting_team_id !== null) ids.add(r.visiting_team_id);
  }
  return [...ids].sort((a, b) => a - b);
}
