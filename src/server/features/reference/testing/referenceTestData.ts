import type { Executor } from '../../../platform/db/database';
import { ROUND } from '../../../../shared/domain/rounds';

/** Test-only inserts for reference data the cup fixture does not cover (results, scorers, a league season). */

export async function setResult(db: Executor, matchId: number, localGoals: number, visitingGoals: number, options: { finished?: boolean } = {}) {
  const finished = options.finished ?? true;
  await db.updateTable('matches').set({
    local_goals: localGoals, visiting_goals: visitingGoals, started: 1, finished: finished ? 1 : 0,
    status: finished ? 'finished' : 'in_play',
  }).where('id', '=', matchId).execute();
}

export async function addScorer(db: Executor, competitionId: number, fields: { name: string; teamId?: number | null; goals: number; assists: number }) {
  const { id } = await db.insertInto('people').values({ name: fields.name, team_id: fields.teamId ?? null, external_key: null })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('person_stats').values({ competition_id: competitionId, person_id: id, goals: fields.goals, assists: fields.assists }).execute();
  return id;
}

/**
 * A league season: `teams` clubs (named "Club 1".."Club n"), matchday k holds the pairs (i, i+1) rotated,
 * one match a day from `start`. Returns ids; matches are listed per matchday.
 */
export async function createLeagueSeason(db: Executor, options: { start: number; teams?: number; matchdays?: number; name?: string }) {
  const teamCount = options.teams ?? 4;
  const matchdays = options.matchdays ?? 2;
  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: options.name ?? 'Test League', competition_type: 'league', provider: 'manual', created_at: options.start, updated_at: options.start })
    .returning('id').executeTakeFirstOrThrow();
  const teamIds: number[] = [];
  for (let t = 1; t <= teamCount; t++) {
    const { id } = await db.insertInto('teams').values({
      team_name: `Club ${t}`, abbreviation: `CL${t}`, flag: null, is_flag: 0, colors: '["#000000"]', external_key: `club:${competitionId}:${t}`,
    }).returning('id').executeTakeFirstOrThrow();
    teamIds.push(id);
    await db.insertInto('competition_teams').values({ competition_id: competitionId, team_id: id }).execute();
  }
  const matchIds: number[][] = [];
  for (let day = 1; day <= matchdays; day++) {
    const ids: number[] = [];
    for (let i = 0; i < teamCount; i += 2) {
      const rotate = (k: number) => teamIds[(k + day - 1) % teamCount];
      const { id } = await db.insertInto('matches').values({
        competition_id: competitionId, group_id: null, round_id: ROUND.REGULAR_SEASON, matchday: day,
        local_team_id: rotate(i), visiting_team_id: rotate(i + 1),
        date: options.start + (day - 1) * 86_400_000 + i * 3_600_000, updated_at: options.start, external_key: `md${day}-${i}`,
      }).returning('id').executeTakeFirstOrThrow();
      ids.push(id);
    }
    matchIds.push(ids);
  }
  return { competitionId, teamIds, matchIds };
}
