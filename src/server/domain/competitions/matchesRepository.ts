import { sql } from 'kysely';
import type { MatchdayRound } from '../../../shared/domain/matchNames';
import type { Executor } from '../../platform/db/database';

const MATCH_COLUMNS = [
  'm.id', 'm.competition_id', 'm.group_id', 'm.round_id', 'm.matchday', 'm.local_team_id', 'm.visiting_team_id',
  'm.local_placeholder', 'm.visiting_placeholder', 'm.date', 'm.status', 'm.started', 'm.finished',
  'm.local_goals', 'm.visiting_goals', 'm.local_goals_extra_time', 'm.visiting_goals_extra_time',
  'm.local_penalties', 'm.visiting_penalties', 'm.live_phase', 'm.live_minute', 'm.live_added',
] as const;

export function findMatch(db: Executor, id: number) {
  return db.selectFrom('matches as m').select(MATCH_COLUMNS).where('m.id', '=', id).executeTakeFirst();
}

export type MatchRow = NonNullable<Awaited<ReturnType<typeof findMatch>>>;

export function listMatches(db: Executor, competitionId: number, matchday?: number): Promise<MatchRow[]> {
  let query = db.selectFrom('matches as m').select(MATCH_COLUMNS).where('m.competition_id', '=', competitionId);
  if (matchday !== undefined) query = query.where('m.matchday', '=', matchday);
  return query.orderBy('m.date').orderBy('m.id').execute();
}

/** Unfinished matches of active competitions kicking off from `from` on, earliest first. */
export function listNextMatches(db: Executor, options: { from: number; limit: number; competitionId?: number }): Promise<MatchRow[]> {
  let query = db.selectFrom('matches as m')
    .innerJoin('competitions as c', 'c.id', 'm.competition_id')
    .select(MATCH_COLUMNS)
    .where('c.finished', '=', 0)
    .where('m.finished', '=', 0)
    .where('m.status', '!=', 'cancelled')
    .where('m.date', '>=', options.from);
  if (options.competitionId !== undefined) query = query.where('m.competition_id', '=', options.competitionId);
  return query.orderBy('m.date').orderBy('m.id').limit(options.limit).execute();
}

/**
 * Per matchday: how many matches have started and how many have not. A match counts as started once its
 * flag is set or its kickoff has passed (the server's clock decides, never the client's).
 */
export async function matchdaySummary(db: Executor, competitionId: number, now: number) {
  const rows = await db.selectFrom('matches')
    .where('competition_id', '=', competitionId)
    .groupBy('matchday')
    .select([
      'matchday',
      // A matchday belongs to one round in practice; a mix is named after its latest round.
      sql<number>`max(round_id)`.as('round_id'),
      sql<number>`sum(case when started = 1 or date <= ${now} then 1 else 0 end)`.as('started_count'),
      sql<number>`sum(case when started = 0 and date > ${now} then 1 else 0 end)`.as('pending_count'),
    ])
    .orderBy('matchday')
    .execute();
  return rows.map((r) => ({ matchday: r.matchday, round_id: Number(r.round_id), started: Number(r.started_count), pending: Number(r.pending_count) }));
}

/**
 * Each matchday of these competitions with the round its matches belong to (the latest, as the matchday info
 * answers), by competition: what names a knockout matchday by its round. One statement for them all.
 */
export async function matchdayRoundsOf(db: Executor, competitionIds: readonly number[]): Promise<Map<number, MatchdayRound[]>> {
  const byCompetition = new Map<number, MatchdayRound[]>();
  if (competitionIds.length === 0) return byCompetition;
  const rows = await db.selectFrom('matches').where('competition_id', 'in', [...new Set(competitionIds)])
    .groupBy(['competition_id', 'matchday'])
    .select(['competition_id', 'matchday', sql<number>`max(round_id)`.as('round_id')])
    .orderBy('competition_id').orderBy('matchday').execute();
  for (const row of rows) {
    const list = byCompetition.get(row.competition_id) ?? [];
    list.push({ matchday: row.matchday, round_id: Number(row.round_id) });
    byCompetition.set(row.competition_id, list);
  }
  return byCompetition;
}
