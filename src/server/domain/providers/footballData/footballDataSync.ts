import { clubColors, findNationalTeam } from '../../../../shared/domain/teams';
import type { Executor } from '../../../platform/db/database';
import { linkCompetitionPeople } from '../../competitions/importRepository';
import { applyResults, holdCompetitionResults } from '../../resultJobs/applyResults';
import { keepShownBetsClosed } from '../../scoring/shownBets';
import type { ApiMatch, ApiScorer, ApiTeam, ApiTeamRef } from './apiTypes';
import type { FootballDataClient } from './client';
import { colorsFromClubColors } from './clubColors';
import {
  linkCompetitionTeams, matchesByKey, insertMatches, updateMatch, upsertGroups,
  upsertPeople, upsertPersonStats, upsertTeams, type NewMatch, type StoredMatch, type TeamRow,
} from './footballDataRepository';
import { groupName, liveOf, matchdaysOf, matchKey, personKey, resultOf, roundOfStage, teamKey } from './mapping';

/** What one sync read from the API; applied in a single transaction so a failed read changes nothing. */
export interface Snapshot {
  teams?: ApiTeam[];
  matches: ApiMatch[];
  scorers?: ApiScorer[];
  /** Full syncs also create missing matches; live updates only touch known matches. */
  full: boolean;
}

interface SyncResult { updatedMatches: number; changedMatchIds: number[] }

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function fetchFullSnapshot(client: FootballDataClient, code: string, season?: number): Promise<Snapshot> {
  const teams = await client.teams(code, season);
  const matches = await client.matches(code, { season });
  const scorers = await client.scorers(code, season);
  return { teams, matches, scorers, full: true };
}

/** Matches from yesterday to tomorrow: what is being played or has just finished. */
export async function fetchLiveSnapshot(client: FootballDataClient, code: string, now: number): Promise<Snapshot> {
  const matches = await client.matches(code, { dateFrom: isoDay(now - DAY), dateTo: isoDay(now + DAY) });
  return { matches, full: false };
}

function teamRow(team: ApiTeam): TeamRow {
  const national = team.area?.name === team.name ? findNationalTeam(team.tla ?? team.name) ?? findNationalTeam(team.name) : undefined;
  const colors = national?.colors ?? (clubColors(team.name).length ? clubColors(team.name) : colorsFromClubColors(team.clubColors));
  return {
    team_name: team.name,
    abbreviation: (team.tla ?? national?.fifa ?? team.name.slice(0, 3)).toUpperCase().slice(0, 10),
    flag: national?.flag ?? null,
    is_flag: national ? 1 : 0,
    colors: JSON.stringify(colors),
    external_key: teamKey(team.id),
  };
}

/** A team known only from a match (no area, no colours): enough to show it until a full sync fills it in. */
function refRow(ref: ApiTeamRef & { id: number; name: string }): TeamRow {
  const national = findNationalTeam(ref.name);
  return {
    team_name: ref.name,
    abbreviation: (ref.tla ?? national?.fifa ?? ref.name.slice(0, 3)).toUpperCase().slice(0, 10),
    flag: national?.flag ?? null,
    is_flag: national ? 1 : 0,
    colors: JSON.stringify(national?.colors ?? clubColors(ref.name)),
    external_key: teamKey(ref.id),
  };
}

const knownRef = (ref: ApiTeamRef): ref is ApiTeamRef & { id: number; name: string } => ref.id !== null && ref.name !== null;

const COMPARED: (keyof NewMatch)[] = [
  'group_id', 'round_id', 'matchday', 'local_team_id', 'visiting_team_id', 'date', 'status', 'started', 'finished',
  'local_goals', 'visiting_goals', 'local_goals_extra_time', 'visiting_goals_extra_time', 'local_penalties', 'visiting_penalties',
  'live_phase', 'live_minute', 'live_added',
];
/** Fields whose change moves points (results, teams for round picks); a date, matchday or clock change does not. */
const UNSCORED: (keyof NewMatch)[] = ['date', 'matchday', 'group_id', 'live_phase', 'live_minute', 'live_added'];
const SCORED: (keyof NewMatch)[] = COMPARED.filter((f) => !UNSCORED.includes(f));

/** Writes a snapshot into one competition and recomputes the points it affects. Call inside a transaction. */
export async function applySnapshot(
  trx: Executor,
  competition: { id: number; competition_type: 'cup' | 'league' },
  snapshot: Snapshot,
  now: number,
): Promise<SyncResult> {
  await holdCompetitionResults(trx, [competition.id]);
  const matches = snapshot.matches.filter((m) => roundOfStage(m.stage) !== null);
  const refs = matches.flatMap((m) => [m.homeTeam, m.awayTeam]).filter(knownRef);
  const teamIds = new Map<string, number>();
  if (refs.length) for (const [k, v] of await upsertTeams(trx, refs.map(refRow), false)) teamIds.set(k, v);
  if (snapshot.teams?.length) for (const [k, v] of await upsertTeams(trx, snapshot.teams.map(teamRow), true)) teamIds.set(k, v);
  const teamId = (ref: ApiTeamRef) => (ref.id === null ? null : teamIds.get(teamKey(ref.id)) ?? null);
  await linkCompetitionTeams(trx, competition.id, [...teamIds.values()]);

  const teamsByGroup = new Map<string, number[]>();
  for (const m of matches) {
    const name = roundOfStage(m.stage) === 1 ? groupName(m.group) : null;
    if (!name) continue;
    const ids = [teamId(m.homeTeam), teamId(m.awayTeam)].filter((id): id is number => id !== null);
    teamsByGroup.set(name, [...(teamsByGroup.get(name) ?? []), ...ids]);
  }
  const groupIds = await upsertGroups(trx, competition.id, teamsByGroup);

  const statsChanged = await applyPeople(trx, competition.id, snapshot, teamIds);

  // A sync may move kickoffs: bets already shown stay closed.
  await keepShownBetsClosed(trx, competition.id, now);
  const stored = await matchesByKey(trx, competition.id, snapshot.full ? undefined : matches.map((m) => matchKey(m.id)));
  const matchdays = matchdaysOf(matches, competition.competition_type === 'league');
  const inserts: NewMatch[] = [];
  const changedMatchIds: number[] = [];
  let updatedMatches = 0;
  for (const m of matches) {
    const key = matchKey(m.id);
    const existing = stored.get(key);
    if (!existing && !snapshot.full) continue;
    const roundId = roundOfStage(m.stage)!;
    const group = roundId === 1 ? groupName(m.group) : null;
    const wanted: NewMatch = {
      competition_id: competition.id,
      group_id: group ? groupIds.get(group) ?? null : null,
      round_id: roundId,
      // A known match keeps its matchday when rescheduled: tables and bets are kept per matchday.
      matchday: existing ? existing.matchday : matchdays.get(m.id)!,
      local_team_id: teamId(m.homeTeam),
      visiting_team_id: teamId(m.awayTeam),
      date: Date.parse(m.utcDate),
      ...resultOf(m.status, m.score),
      ...liveOf(m.status, m.minute, m.injuryTime),
      external_key: key,
      updated_at: now,
    };
    if (!existing) { inserts.push(wanted); continue; }
    const differs = COMPARED.filter((f) => wanted[f] !== existing[f as keyof StoredMatch]);
    if (differs.length === 0) continue;
    await updateMatch(trx, existing.id, Object.fromEntries([...differs, 'updated_at'].map((f) => [f, wanted[f as keyof NewMatch]])));
    updatedMatches += 1;
    if (differs.some((f) => SCORED.includes(f))) changedMatchIds.push(existing.id);
  }
  const insertedIds = await insertMatches(trx, inserts);
  updatedMatches += insertedIds.length;
  changedMatchIds.push(...insertedIds.filter((_, i) => inserts[i].started === 1));

  // A new fixture reopens a finished competition as a withdrawn result does: applyResults derives the flag.
  if (changedMatchIds.length > 0 || insertedIds.length > 0 || statsChanged) {
    await applyResults(trx, { competitionId: competition.id, matchIds: changedMatchIds, trigger: 'scheduled', now });
  }
  return { updatedMatches, changedMatchIds };
}

/** Squads become the people players pick; the scorer table becomes their goal counts. */
async function applyPeople(trx: Executor, competitionId: number, snapshot: Snapshot, teamIds: Map<string, number>): Promise<boolean> {
  const people = new Map<string, { name: string; team_id: number | null; external_key: string }>();
  for (const team of snapshot.teams ?? []) {
    for (const player of team.squad ?? []) {
      people.set(personKey(player.id), { name: player.name, team_id: teamIds.get(teamKey(team.id)) ?? null, external_key: personKey(player.id) });
    }
  }
  for (const s of snapshot.scorers ?? []) {
    const team = s.team?.id ? teamIds.get(teamKey(s.team.id)) ?? null : null;
    people.set(personKey(s.player.id), { name: s.player.name, team_id: team ?? people.get(personKey(s.player.id))?.team_id ?? null, external_key: personKey(s.player.id) });
  }
  if (people.size === 0) return false;
  const ids = await upsertPeople(trx, [...people.values()]);
  await linkCompetitionPeople(trx, competitionId, [...ids.values()]);
  const stats = (snapshot.scorers ?? []).map((s) => ({ person_id: ids.get(personKey(s.player.id))!, goals: s.goals ?? 0, assists: s.assists ?? 0 }));
  return upsertPersonStats(trx, competitionId, stats);
}
