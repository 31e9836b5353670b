import { normaliseSearchText } from '../../../shared/domain/text';
import { clubColors, findNationalTeam, teamAbbreviation } from '../../../shared/domain/teams';
import {
  boundedKey, IMPORT_TEXT_LIMITS as LIMITS, ImportError, type ImportedCompetition, type ImportedGoal, type ImportedMatch,
  type ImportedPerson, type ImportedScore, type ImportedTeam,
} from './importedCompetition';
import { parseKickoff } from './kickoff';
import { openfootballRound } from './openfootballRounds';

/** The openfootball files of one competition: the matches file and its optional siblings. */
export interface OpenfootballFiles { matches: unknown; groups?: unknown; teams?: unknown; squads?: unknown }

interface OfGoal { name: string; minute?: number | string; offset?: number; penalty?: boolean; owngoal?: boolean }
interface OfMatch {
  round: string; num?: number; date: string; time?: string; team1: string; team2: string; group?: string;
  status?: string; score?: { ft?: [number, number]; et?: [number, number]; p?: [number, number] };
  goals1?: OfGoal[]; goals2?: OfGoal[];
}

/** "W101", "L102", "1A", "2B", "3C/E/F/H/I": a team decided by an earlier result. */
export const isPlaceholder = (name: string): boolean => /^[WL]\d+$|^\d[A-Z](\/[A-Z])*$/.test(name.trim());

const pair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n) && n >= 0);

function parseScore(score: OfMatch['score']): ImportedScore | null {
  if (!score || !pair(score.ft)) return null;
  const [l, v] = score.ft;
  const et = pair(score.et) ? score.et : null;
  const p = pair(score.p) ? score.p : null;
  return {
    local_goals: l, visiting_goals: v,
    // The file's `et` is the score after extra time; the model keeps the extra-time goals only.
    local_goals_extra_time: et ? et[0] - l : null,
    visiting_goals_extra_time: et ? et[1] - v : null,
    local_penalties: p ? p[0] : null,
    visiting_penalties: p ? p[1] : null,
  };
}

/**
 * The first optional field of a match the importer reads that does not hold what openfootball writes there (a
 * file typed by hand, or not openfootball's): refused with its name rather than failing somewhere deeper. Goals
 * without a name are skipped, as before.
 */
function wrongField(m: OfMatch): string | null {
  const loose = m as unknown as Record<string, unknown>;
  for (const field of ['group', 'time', 'status']) {
    if (loose[field] !== undefined && loose[field] !== null && typeof loose[field] !== 'string') return field;
  }
  if (loose.num !== undefined && typeof loose.num !== 'number' && typeof loose.num !== 'string') return 'num';
  for (const field of ['goals1', 'goals2']) {
    const goals = loose[field];
    if (goals === undefined || goals === null) continue;
    const badGoal = (g: unknown) => g !== null && (typeof g !== 'object' || ((g as OfGoal).name !== undefined && typeof (g as OfGoal).name !== 'string'));
    if (!Array.isArray(goals) || goals.some(badGoal)) return field;
  }
  return null;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The first name of a match longer than its column (LIMITS), if any. */
function longField(m: OfMatch): { field: string; max: number } | null {
  for (const field of ['team1', 'team2'] as const) {
    const max = isPlaceholder(m[field]) ? LIMITS.placeholder : LIMITS.teamName;
    if (m[field].trim().length > max) return { field, max };
  }
  if (m.group && m.group.length > LIMITS.groupName) return { field: 'group', max: LIMITS.groupName };
  for (const field of ['goals1', 'goals2'] as const) {
    if (m[field]?.some((g) => typeof g?.name === 'string' && g.name.length > LIMITS.personName)) return { field, max: LIMITS.personName };
  }
  return null;
}

/** A goal's minute and stoppage minutes: `minute` 90 with `offset` 3, or the text "90+3". */
function minuteOf(goal: OfGoal): { minute: number | null; offset: number } {
  const [base, added] = String(goal.minute ?? '').split('+').map((part) => Number.parseInt(part, 10));
  if (!Number.isFinite(base) || base < 0) return { minute: null, offset: 0 };
  const offset = Number.isFinite(added) && added > 0 ? added : Number(goal.offset) > 0 ? Math.floor(Number(goal.offset)) : 0;
  return { minute: base, offset };
}

function teamFor(name: string, fifaByName: Map<string, string>): ImportedTeam {
  const national = findNationalTeam(fifaByName.get(name) ?? name) ?? findNationalTeam(name);
  if (national) {
    return { key: `nt:${national.fifa}`, name, abbreviation: national.fifa, flag: national.flag, isFlag: true, colors: national.colors };
  }
  return { key: `club:${normaliseSearchText(name)}`, name, abbreviation: teamAbbreviation(name), flag: null, isFlag: false, colors: clubColors(name) };
}

const personKey = (teamKey: string, name: string) => boundedKey(`${teamKey}|${normaliseSearchText(name)}`);

/** Sibling files are read leniently: a team, group or player name too long to store is left out. */
const fits = (name: string, max: number) => name.trim().length <= max;

/** Reads the worldcup.json / football.json shapes into an ImportedCompetition. */
export function parseOpenfootball(files: OpenfootballFiles, zone: string): ImportedCompetition {
  const main = files.matches as { name?: unknown; matches?: unknown };
  if (!main || typeof main !== 'object' || !Array.isArray(main.matches)) {
    throw new ImportError('not an openfootball matches file: expected { "name": ..., "matches": [...] }', { key: 'import.not_matches_file' });
  }
  const raw = main.matches as OfMatch[];
  raw.forEach((m, i) => {
    if (!m || typeof m.team1 !== 'string' || typeof m.team2 !== 'string' || typeof m.date !== 'string' || typeof m.round !== 'string') {
      throw new ImportError(`match ${i + 1}: round, date, team1 and team2 are required`, { key: 'import.match_fields', vars: { n: i + 1 } });
    }
    const field = wrongField(m);
    if (field) throw new ImportError(`match ${i + 1}: the field "${field}" has the wrong type`, { key: 'import.match_field_type', vars: { n: i + 1, field } });
    const tooLong = longField(m);
    if (tooLong) {
      throw new ImportError(`match ${i + 1}: "${tooLong.field}" is longer than ${tooLong.max} characters`, { key: 'import.match_too_long', vars: { n: i + 1, ...tooLong } });
    }
  });
  if (typeof main.name === 'string' && main.name.trim().length > LIMITS.competitionName) {
    throw new ImportError(`"name" is longer than ${LIMITS.competitionName} characters`, { key: 'import.too_long', vars: { field: 'name', max: LIMITS.competitionName } });
  }

  const fifaByName = new Map<string, string>();
  if (Array.isArray(files.teams)) {
    for (const t of files.teams as { name?: unknown; fifa_code?: unknown }[]) if (isText(t?.name) && isText(t.fifa_code)) fifaByName.set(t.name, t.fifa_code);
  }
  const teams = new Map<string, ImportedTeam>();
  const team = (name: string) => {
    if (!teams.has(name)) teams.set(name, teamFor(name, fifaByName));
    return teams.get(name)!;
  };

  const isCup = raw.some((m) => m.group) || raw.some((m) => !/^Matchday \d+$/i.test(m.round.trim()));
  const type = isCup ? 'cup' : 'league';
  // Cups: one matchday per calendar date of play, in date order (the files number their group days the same way).
  const dates = [...new Set(raw.map((m) => m.date))].sort();
  const people = new Map<string, ImportedPerson>();
  const addPerson = (teamKey: string, name: string) => {
    const key = personKey(teamKey, name);
    if (!people.has(key)) people.set(key, { key, name, teamKey });
    return key;
  };
  if (Array.isArray(files.squads)) {
    for (const s of files.squads as { name?: unknown; players?: { name?: unknown }[] }[]) {
      if (!isText(s?.name) || !fits(s.name, LIMITS.teamName) || !Array.isArray(s.players)) continue;
      for (const p of s.players) if (isText(p?.name) && fits(p.name, LIMITS.personName)) addPerson(team(s.name).key, p.name);
    }
  }

  const ordinalInRound = new Map<string, number>();
  const matches: ImportedMatch[] = raw.map((m, i) => {
    const round = openfootballRound(m.round, type);
    if (!round) throw new ImportError(`match ${i + 1}: unknown round "${m.round}"`, { key: 'import.unknown_round', vars: { n: i + 1, round: m.round } });
    const [local, visiting] = [m.team1.trim(), m.team2.trim()];
    const localTeam = isPlaceholder(local) ? null : team(local);
    const visitingTeam = isPlaceholder(visiting) ? null : team(visiting);
    let date: number;
    try {
      date = parseKickoff(m.date, m.time, zone);
    } catch (error) {
      throw new ImportError(`match ${i + 1}: ${(error as Error).message}`, { key: 'import.bad_kickoff', vars: { n: i + 1, detail: (error as Error).message } });
    }
    const ordinal = (ordinalInRound.get(m.round) ?? 0) + 1;
    ordinalInRound.set(m.round, ordinal);
    // Keys survive postponements and teams becoming known: official number, else group + teams, else round order.
    const key = boundedKey(m.num !== undefined ? `num:${m.num}`
      : type === 'league' ? `${local}|${visiting}`
      : m.group ? `${m.group}|${local}|${visiting}`
      : `${m.round}|${ordinal}`);
    const score = parseScore(m.score);
    const goals: ImportedGoal[] = [];
    if (score && localTeam && visitingTeam) {
      for (const [list, own, other, side] of [[m.goals1, localTeam, visitingTeam, 1], [m.goals2, visitingTeam, localTeam, 2]] as const) {
        for (const g of list ?? []) {
          if (!g?.name) continue;
          // An own goal counts for the listed side but was scored by a player of the other one.
          const scorerTeam = g.owngoal ? other : own;
          goals.push({ personKey: addPerson(scorerTeam.key, g.name), ...minuteOf(g), side, ownGoal: !!g.owngoal, penalty: !!g.penalty });
        }
      }
    }
    return {
      key, roundId: round.roundId,
      matchday: type === 'league' ? round.matchday! : dates.indexOf(m.date) + 1,
      group: m.group ?? null, date,
      localTeamKey: localTeam?.key ?? null, visitingTeamKey: visitingTeam?.key ?? null,
      localPlaceholder: localTeam ? null : local, visitingPlaceholder: visitingTeam ? null : visiting,
      score, goals, postponed: m.status === 'postponed',
    };
  });

  const aliases = surnameAliases([...people.values()]);
  for (const m of matches) for (const g of m.goals) g.personKey = aliases.get(g.personKey) ?? g.personKey;
  return {
    name: typeof main.name === 'string' && main.name.trim() ? main.name.trim() : 'Imported competition',
    type,
    teams: [...new Map([...teams.values()].map((t) => [t.key, t])).values()],
    groups: parseGroups(files.groups, raw, team),
    people: [...people.values()].filter((p) => !aliases.has(p.key)),
    matches,
  };
}

/**
 * Files sometimes name a scorer by surname only ("Mbappé" beside "Kylian Mbappé"): a one-word name that ends
 * exactly one longer name of the same team is that person. One-word names with no such match ("Pedri") stay.
 */
function surnameAliases(people: ImportedPerson[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const short of people) {
    const word = normaliseSearchText(short.name);
    if (word.includes(' ')) continue;
    const matches = people.filter((p) => p.teamKey === short.teamKey && p !== short && normaliseSearchText(p.name).endsWith(` ${word}`));
    if (matches.length === 1) aliases.set(short.key, matches[0].key);
  }
  return aliases;
}

/** Groups from the groups file when there is one, else from the matches' `group` fields. */
function parseGroups(file: unknown, raw: OfMatch[], team: (name: string) => ImportedTeam): ImportedCompetition['groups'] {
  const groups = new Map<string, Set<string>>();
  const fileGroups = (file as { groups?: { name?: unknown; teams?: unknown[] }[] } | undefined)?.groups;
  if (Array.isArray(fileGroups)) {
    for (const g of fileGroups) {
      if (!isText(g?.name) || !fits(g.name, LIMITS.groupName) || !Array.isArray(g.teams)) continue;
      groups.set(g.name, new Set(g.teams.filter((t): t is string => isText(t) && fits(t, LIMITS.teamName)).map((t) => team(t).key)));
    }
  }
  for (const m of raw) {
    if (!m.group) continue;
    const set = groups.get(m.group) ?? new Set<string>();
    for (const name of [m.team1, m.team2]) if (!isPlaceholder(name)) set.add(team(name.trim()).key);
    groups.set(m.group, set);
  }
  return [...groups].map(([name, keys]) => ({ name, teamKeys: [...keys] }));
}
