import type { Executor } from '../../../platform/db/database';
import type { MatchesTable } from '../../../platform/db/schema';

/** All SQL of the football-data sync. Upserts are keyed by the provider's ids (external_key). */

const CHUNK = 200;
const chunks = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

export interface TeamRow { team_name: string; abbreviation: string; flag: string | null; is_flag: 0 | 1; colors: string; external_key: string }

/** Full team data (from /teams) overwrites; a bare reference from a match only fills a missing team. */
export async function upsertTeams(db: Executor, teams: TeamRow[], overwrite: boolean): Promise<Map<string, number>> {
  for (const rows of chunks(teams)) {
    await db.insertInto('teams').values(rows).onConflict((oc) => {
      const target = oc.column('external_key');
      return overwrite
        ? target.doUpdateSet((eb) => ({
          team_name: eb.ref('excluded.team_name'), abbreviation: eb.ref('excluded.abbreviation'),
          flag: eb.ref('excluded.flag'), is_flag: eb.ref('excluded.is_flag'), colors: eb.ref('excluded.colors'),
        }))
        : target.doNothing();
    }).execute();
  }
  return idsByKey(db, 'teams', teams.map((t) => t.external_key));
}

async function idsByKey(db: Executor, table: 'teams' | 'people', keys: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db.selectFrom(table).select(['id', 'external_key']).where('external_key', 'in', part).execute();
    for (const row of rows) result.set(row.external_key!, row.id);
  }
  return result;
}

export async function linkCompetitionTeams(db: Executor, competitionId: number, teamIds: number[]): Promise<void> {
  for (const part of chunks([...new Set(teamIds)])) {
    await db.insertInto('competition_teams').values(part.map((team_id) => ({ competition_id: competitionId, team_id })))
      .onConflict((oc) => oc.columns(['competition_id', 'team_id']).doNothing()).execute();
  }
}

/** Creates missing groups and links their teams; returns group ids by name. */
export async function upsertGroups(db: Executor, competitionId: number, teamsByGroup: Map<string, number[]>): Promise<Map<string, number>> {
  const names = [...teamsByGroup.keys()];
  if (names.length === 0) return new Map();
  await db.insertInto('groups').values(names.map((name) => ({ competition_id: competitionId, name })))
    .onConflict((oc) => oc.columns(['competition_id', 'name']).doNothing()).execute();
  const groups = await db.selectFrom('groups').select(['id', 'name']).where('competition_id', '=', competitionId).execute();
  const ids = new Map(groups.map((g) => [g.name, g.id]));
  const links = [...teamsByGroup].flatMap(([name, teamIds]) => [...new Set(teamIds)].map((team_id) => ({ group_id: ids.get(name)!, team_id })));
  for (const part of chunks(links)) {
    await db.insertInto('group_teams').values(part).onConflict((oc) => oc.columns(['group_id', 'team_id']).doNothing()).execute();
  }
  return ids;
}

interface PersonRow { name: string; team_id: number | null; external_key: string }

export async function upsertPeople(db: Executor, people: PersonRow[]): Promise<Map<string, number>> {
  for (const rows of chunks(people)) {
    await db.insertInto('people').values(rows).onConflict((oc) => oc.column('external_key').doUpdateSet((eb) => ({
      name: eb.ref('excluded.name'), team_id: eb.ref('excluded.team_id'),
    }))).execute();
  }
  return idsByKey(db, 'people', people.map((p) => p.external_key));
}

interface StatRow { person_id: number; goals: number; assists: number }

/** Writes the scorer table; answers whether any count changed (person picks then need recomputing). */
export async function upsertPersonStats(db: Executor, competitionId: number, stats: StatRow[]): Promise<boolean> {
  if (stats.length === 0) return false;
  const before = await db.selectFrom('person_stats').select(['person_id', 'goals', 'assists'])
    .where('competition_id', '=', competitionId).execute();
  const known = new Map(before.map((s) => [s.person_id, s]));
  const changed = stats.filter((s) => {
    const old = known.get(s.person_id);
    return !old || old.goals !== s.goals || old.assists !== s.assists;
  });
  for (const part of chunks(changed)) {
    await db.insertInto('person_stats').values(part.map((s) => ({ competition_id: competitionId, ...s })))
      .onConflict((oc) => oc.columns(['competition_id', 'person_id']).doUpdateSet((eb) => ({
        goals: eb.ref('excluded.goals'), assists: eb.ref('excluded.assists'),
      }))).execute();
  }
  return changed.length > 0;
}

export type StoredMatch = Pick<MatchesTable, 'competition_id' | 'group_id' | 'round_id' | 'matchday' | 'local_team_id' | 'visiting_team_id'
  | 'date' | 'local_goals' | 'visiting_goals' | 'local_goals_extra_time' | 'visiting_goals_extra_time' | 'local_penalties'
  | 'visiting_penalties' | 'external_key' | 'live_phase' | 'live_minute' | 'live_added'> & { id: number; status: string; started: 0 | 1; finished: 0 | 1 };

export async function matchesByKey(db: Executor, competitionId: number, keys?: string[]): Promise<Map<string, StoredMatch>> {
  let query = db.selectFrom('matches').select([
    'id', 'competition_id', 'group_id', 'round_id', 'matchday', 'local_team_id', 'visiting_team_id', 'date', 'status',
    'started', 'finished', 'local_goals', 'visiting_goals', 'local_goals_extra_time', 'visiting_goals_extra_time',
    'local_penalties', 'visiting_penalties', 'external_key', 'live_phase', 'live_minute', 'live_added',
  ]).where('competition_id', '=', competitionId);
  if (keys) query = query.where('external_key', 'in', keys.length ? keys : ['']);
  const rows = await query.execute();
  return new Map(rows.filter((r) => r.external_key).map((r) => [r.external_key!, r as StoredMatch]));
}

export type NewMatch = Omit<StoredMatch, 'id'> & { updated_at: number };

export async function insertMatches(db: Executor, rows: NewMatch[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    const inserted = await db.insertInto('matches').values(part).returning('id').execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

export async function updateMatch(db: Executor, id: number, fields: Partial<NewMatch>): Promise<void> {
  await db.updateTable('matches').set(fields).where('id', '=', id).execute();
}
