import { createHash } from 'node:crypto';
import type { MessageKey } from '../../platform/i18n/messages';

/**
 * A competition as a data source describes it, before it touches the database: names, not ids.
 * Parsers (openfootball today) produce it; importRepository stores it.
 */
export interface ImportedTeam {
  /** Stable key across competitions: national teams by FIFA code, clubs by normalised name. */
  key: string;
  name: string;
  abbreviation: string;
  flag: string | null;
  isFlag: boolean;
  colors: string[];
}

export interface ImportedPerson { key: string; name: string; teamKey: string | null }

export interface ImportedScore {
  local_goals: number;
  visiting_goals: number;
  /** Goals scored in extra time only (null when there was none). */
  local_goals_extra_time: number | null;
  visiting_goals_extra_time: number | null;
  local_penalties: number | null;
  visiting_penalties: number | null;
}

/** `side`: 1 when the goal counts for the local team, 2 for the visitors (own goals included); `offset`: stoppage minutes ("90+3"). */
export interface ImportedGoal { personKey: string; minute: number | null; offset: number; side: 1 | 2; ownGoal: boolean; penalty: boolean }

export interface ImportedMatch {
  /** Stable within the competition, so a re-import updates the same row. */
  key: string;
  roundId: number;
  matchday: number;
  group: string | null;
  /** Kickoff, UTC epoch ms, before any time shift. */
  date: number;
  localTeamKey: string | null;
  visitingTeamKey: string | null;
  localPlaceholder: string | null;
  visitingPlaceholder: string | null;
  score: ImportedScore | null;
  goals: ImportedGoal[];
  postponed: boolean;
}

export interface ImportedCompetition {
  name: string;
  type: 'cup' | 'league';
  teams: ImportedTeam[];
  groups: { name: string; teamKeys: string[] }[];
  people: ImportedPerson[];
  matches: ImportedMatch[];
}

/**
 * A file the importer cannot read. The CLI prints the message as is; the admin console answers the same fault in the
 * caller's language from `reason` (a catalogue key and its values) when there is one.
 */
export class ImportError extends Error {
  constructor(message: string, readonly reason?: { key: MessageKey; vars?: Record<string, string | number> }) { super(message); }
}

/**
 * Sizes of the columns imported text lands in (migrations: competitions, teams, groups, people, matches). PostgreSQL
 * refuses longer values, so a file's are checked first and refused by name (SQLite would keep them).
 */
export const IMPORT_TEXT_LIMITS = { competitionName: 150, teamName: 100, placeholder: 50, groupName: 50, personName: 150, key: 200 } as const;

/**
 * A stable key that fits the key columns: a longer one keeps its start and adds a hash of the whole, so a re-import
 * of the same file finds the same rows.
 */
export function boundedKey(key: string): string {
  if (key.length <= IMPORT_TEXT_LIMITS.key) return key;
  return `${key.slice(0, IMPORT_TEXT_LIMITS.key - 41)}#${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}
