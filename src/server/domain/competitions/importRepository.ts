import type { Insertable } from 'kysely';
import { createCompetitionPartitions } from '../../platform/db/competitionPartitions';
import type { Executor } from '../../platform/db/database';
import type { MatchesTable } from '../../platform/db/schema';
import type { PickRule } from '../../../shared/domain/leagueRules';
import type { ImportedPerson, ImportedTeam } from './importedCompetition';

/** Upserts keyed by external keys, in batches, so an import is a fixed handful of statements per table. */
const BATCH = 200;

export function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface CompetitionFields {
  name: string; competition_type: 'cup' | 'league'; provider: string; provider_ref: string | null;
  external_key: string; time_shift_ms: number; replay: 0 | 1; time_zone: string | null;
}

export function findCompetitionByKey(db: Executor, externalKey: string) {
  return db.selectFrom('competitions').select(['id', 'time_shift_ms', 'replay', 'time_zone']).where('external_key', '=', externalKey).executeTakeFirst();
}

export async function saveCompetition(db: Executor, fields: CompetitionFields, now: number, existingId?: number): Promise<number> {
  if (existingId !== undefined) {
    await db.updateTable('competitions').set({ ...fields, updated_at: now }).where('id', '=', existingId).execute();
    return existingId;
  }
  const { id } = await db.insertInto('competitions').values({ ...fields, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await createCompetitionPartitions(db, id);
  return id;
}

export async function upsertTeams(db: Executor, teams: ImportedTeam[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(teams)) {
    const rows = await db.insertInto('teams')
      .values(batch.map((t) => ({
        team_name: t.name, abbreviation: t.abbreviation, flag: t.flag, is_flag: t.isFlag ? 1 as const : 0 as const,
        colors: JSON.stringify(t.colors), external_key: t.key,
      })))
      .onConflict((oc) => oc.column('external_key').doUpdateSet((eb) => ({
        team_name: eb.ref('excluded.team_name'), abbreviation: eb.ref('excluded.abbreviation'),
        flag: eb.ref('excluded.flag'), is_flag: eb.ref('excluded.is_flag'), colors: eb.ref('excluded.colors'),
      })))
      .returning(['id', 'external_key'])
      .execute();
    for (const r of rows) ids.set(r.external_key!, r.id);
  }
  return ids;
}

export async function linkCompetitionTeams(db: Executor, competitionId: number, teamIds: number[]): Promise<void> {
  for (const batch of chunks(teamIds)) {
    await db.insertInto('competition_teams').values(batch.map((team_id) => ({ competition_id: competitionId, team_id })))
      .onConflict((oc) => oc.columns(['competition_id', 'team_id']).doNothing()).execute();
  }
}

/** Groups by name within the competition, and their teams; returns group ids by name. */
export async function upsertGroups(db: Executor, competitionId: number, groups: { name: string; teamIds: number[] }[]): Promise<Map<string, number>> {
  if (groups.length > 0) {
    await db.insertInto('groups').values(groups.map((g) => ({ competition_id: competitionId, name: g.name })))
      .onConflict((oc) => oc.columns(['competition_id', 'name']).doNothing()).execute();
  }
  const rows = await db.selectFrom('groups').select(['id', 'name']).where('competition_id', '=', competitionId).execute();
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  const links = groups.flatMap((g) => g.teamIds.map((team_id) => ({ group_id: ids.get(g.name)!, team_id })));
  for (const batch of chunks(links)) {
    await db.insertInto('group_teams').values(batch).onConflict((oc) => oc.columns(['group_id', 'team_id']).doNothing()).execute();
  }
  return ids;
}

export async function upsertPeople(db: Executor, people: ImportedPerson[], teamIds: Map<string, number>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(people)) {
    const rows = await db.insertInto('people')
      .values(batch.map((p) => ({ name: p.name, team_id: p.teamKey ? teamIds.get(p.teamKey) ?? null : null, external_key: p.key })))
      .onConflict((oc) => oc.column('external_key').doUpdateSet((eb) => ({ team_id: eb.ref('excluded.team_id') })))
      .returning(['id', 'external_key'])
      .execute();
    for (const r of rows) ids.set(r.external_key!, r.id);
  }
  return ids;
}

/** People of a competition start on the scorers list with no goals, so they can be picked before they score. */
export async function linkCompetitionPeople(db: Executor, competitionId: number, personIds: number[]): Promise<void> {
  for (const batch of chunks(personIds)) {
    await db.insertInto('person_stats').values(batch.map((person_id) => ({ competition_id: competitionId, person_id })))
      .onConflict((oc) => oc.columns(['competition_id', 'person_id']).doNothing()).execute();
  }
}

export type MatchRow = Insertable<MatchesTable> & { external_key: string };

export async function upsertMatches(db: Executor, rows: MatchRow[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const batch of chunks(rows)) {
    const saved = await db.insertInto('matches').values(batch)
      .onConflict((oc) => oc.columns(['competition_id', 'external_key']).doUpdateSet((eb) => ({
        group_id: eb.ref('excluded.group_id'), round_id: eb.ref('excluded.round_id'), matchday: eb.ref('excluded.matchday'),
        local_team_id: eb.ref('excluded.local_team_id'), visiting_team_id: eb.ref('excluded.visiting_team_id'),
        local_placeholder: eb.ref('excluded.local_placeholder'), visiting_placeholder: eb.ref('excluded.visiting_placeholder'),
        date: eb.ref('excluded.date'), status: eb.ref('excluded.status'), started: eb.ref('excluded.started'),
        finished: eb.ref('excluded.finished'), local_goals: eb.ref('excluded.local_goals'),
        visiting_goals: eb.ref('excluded.visiting_goals'), local_goals_extra_time: eb.ref('excluded.local_goals_extra_time'),
        visiting_goals_extra_time: eb.ref('excluded.visiting_goals_extra_time'),
        local_penalties: eb.ref('excluded.local_penalties'), visiting_penalties: eb.ref('excluded.visiting_penalties'),
        held_result: eb.ref('excluded.held_result'), updated_at: eb.ref('excluded.updated_at'),
      })))
      .returning(['id', 'external_key'])
      .execute();
    for (const r of saved) ids.set(r.external_key!, r.id);
  }
  return ids;
}

export interface GoalRow { match_id: number; person_id: number; minute: number | null; own_goal: 0 | 1; penalty: 0 | 1 }

/** The goals of these matches become exactly `goals` (a corrected file replaces them). */
export async function replaceMatchGoals(db: Executor, matchIds: number[], goals: GoalRow[]): Promise<void> {
  for (const batch of chunks(matchIds)) await db.deleteFrom('match_goals').where('match_id', 'in', batch).execute();
  for (const batch of chunks(goals)) await db.insertInto('match_goals').values(batch).execute();
}

/** Rules an admin already changed stay as they are. */
export async function insertDefaultRules(db: Executor, competitionId: number, rules: PickRule[]): Promise<void> {
  if (rules.length === 0) return;
  await db.insertInto('league_rules').values(rules.map((r) => ({ ...r, competition_id: competitionId })))
    .onConflict((oc) => oc.columns(['competition_id', 'round_id']).doNothing()).execute();
}
