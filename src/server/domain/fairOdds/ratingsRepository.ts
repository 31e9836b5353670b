import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../platform/db/database';

/**
 * The rating model's rows: moves of team ratings (an append-only journal, hundredths of a point), the result each
 * match's moves were made for, and the chances sealed per league and match.
 */

/** The sum of team `team`'s rating moves made until `at` (epoch ms, inclusive), as an SQL expression. */
export function movesUntilSql(team: RawBuilder<unknown>, at: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(SELECT COALESCE(SUM(trc.delta), 0) FROM team_rating_changes trc WHERE trc.team_id = ${team} AND trc.created_at <= ${at})`;
}

/** Each team's moves so far, by team id (teams without moves left out). */
export async function movesSoFar(db: Executor, teamIds: number[]): Promise<Map<number, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db.selectFrom('team_rating_changes').select(['team_id', (eb) => eb.fn.sum<number | string>('delta').as('moves')])
    .where('team_id', 'in', teamIds).groupBy('team_id').execute();
  return new Map(rows.map((r) => [Number(r.team_id), Number(r.moves)]));
}

export async function appendMoves(db: Executor, moves: { team_id: number; match_id: number; delta: number }[], now: number): Promise<void> {
  const rows = moves.filter((m) => m.delta !== 0).map((m) => ({ ...m, created_at: now }));
  if (rows.length > 0) await db.insertInto('team_rating_changes').values(rows).execute();
}

export interface MatchForRatings {
  id: number; date: number; finished: number; local_team_id: number | null; visiting_team_id: number | null;
  local_goals: number | null; visiting_goals: number | null; local_goals_extra_time: number | null; visiting_goals_extra_time: number | null;
  local_name: string | null; visiting_name: string | null;
}

/** The matches (of the competition) with their teams' names, in kickoff order. */
export async function matchesForRatings(db: Executor, competitionId: number, matchIds: number[] | null): Promise<MatchForRatings[]> {
  let query = db.selectFrom('matches as m').leftJoin('teams as lt', 'lt.id', 'm.local_team_id').leftJoin('teams as vt', 'vt.id', 'm.visiting_team_id')
    .select(['m.id', 'm.date', 'm.finished', 'm.local_team_id', 'm.visiting_team_id', 'm.local_goals', 'm.visiting_goals',
      'm.local_goals_extra_time', 'm.visiting_goals_extra_time', 'lt.team_name as local_name', 'vt.team_name as visiting_name'])
    .where('m.competition_id', '=', competitionId);
  if (matchIds) query = query.where('m.id', 'in', matchIds.length ? matchIds : [0]);
  const rows = await query.orderBy('m.date').orderBy('m.id').execute();
  return rows.map((r) => ({
    ...r, id: Number(r.id), date: Number(r.date), local_team_id: r.local_team_id === null ? null : Number(r.local_team_id),
    visiting_team_id: r.visiting_team_id === null ? null : Number(r.visiting_team_id),
  }));
}

export async function competitionForRatings(db: Executor, competitionId: number) {
  return db.selectFrom('competitions').select(['name', 'replay', 'provider']).where('id', '=', competitionId).executeTakeFirst();
}

/** What a match's rating moves were made for: its teams, the ratings before it, its score, the local side's move. */
export interface MatchRatingRow {
  local_team_id: number; visiting_team_id: number; local_before: number; visiting_before: number;
  local_goals: number; visiting_goals: number; delta: number;
}

export async function matchRatings(db: Executor, matchIds: number[]): Promise<Map<number, MatchRatingRow>> {
  if (matchIds.length === 0) return new Map();
  const rows = await db.selectFrom('match_ratings').selectAll().where('match_id', 'in', matchIds).execute();
  return new Map(rows.map((r) => [Number(r.match_id), {
    local_team_id: Number(r.local_team_id), visiting_team_id: Number(r.visiting_team_id), local_before: r.local_before,
    visiting_before: r.visiting_before, local_goals: r.local_goals, visiting_goals: r.visiting_goals, delta: r.delta,
  }]));
}

export async function saveMatchRating(db: Executor, matchId: number, row: MatchRatingRow, now: number): Promise<void> {
  await db.insertInto('match_ratings').values({ match_id: matchId, ...row, updated_at: now })
    .onConflict((oc) => oc.column('match_id').doUpdateSet({ ...row, updated_at: now })).execute();
}

export async function deleteMatchRating(db: Executor, matchId: number): Promise<void> {
  await db.deleteFrom('match_ratings').where('match_id', '=', matchId).execute();
}
