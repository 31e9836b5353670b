import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Nullable, Strict, Timestamp } from '../schemas';

/** The largest openfootball file the console uploads (a 380-match league season is about 150 kB). */
export const IMPORT_FILE_MAX_BYTES = 2_000_000;

/** How a process run ended; `running` while it still works (admin console). */
export const ProcessOutcome = Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]);

export const AdminCompetition = Type.Object({
  id: Id,
  name: Type.String(),
  competition_type: Type.Union([Type.Literal('cup'), Type.Literal('league')]),
  /** manual, demo, openfootball or football-data. */
  provider: Type.String(),
  /** The openfootball URL or file ("upload:<file name>" for a file sent from the console), or football-data CODE[:SEASON]. */
  provider_ref: Nullable(Type.String()),
  /** football-data season when imported with one. */
  season: Nullable(Type.Integer()),
  replay: Type.Boolean(),
  time_zone: Nullable(Type.String()),
  teams: Type.Integer({ minimum: 0 }),
  matches_played: Type.Integer({ minimum: 0 }),
  matches_total: Type.Integer({ minimum: 0 }),
  finished: Type.Boolean(),
  /** Archived competitions keep their data and leagues but are not offered to new leagues. */
  archived: Type.Boolean(),
  archived_at: Nullable(Timestamp),
  /** The last process run that synced (or imported) this competition, whatever its outcome. */
  last_sync: Nullable(Type.Object({ at: Timestamp, outcome: ProcessOutcome, error: Nullable(Type.String()) })),
  last_successful_sync_at: Nullable(Timestamp),
  /** When the scheduler's next results update is due (null when the scheduler is off or has never run). */
  next_sync_at: Nullable(Timestamp),
});

/**
 * Import from the console: `provider: 'openfootball'` with exactly one of `url` or `file` (name, time zone, replay and
 * shift as the CLI's --name, --timezone, --replay and --shift-to), or `provider: 'football-data'` with `code` and an
 * optional `season`. Fields of the other provider are refused with a field error.
 */
export const CompetitionImport = Strict({
  provider: Type.Union([Type.Literal('openfootball'), Type.Literal('football-data')]),
  url: Type.Optional(Type.String({
    minLength: 1, maxLength: 2000,
    description: 'http(s), without a user name or password. Downloaded only from hosts whose every address is public '
      + '(the server\'s own network only for IMPORT_ALLOWED_HOSTS), at most 3 redirects, each file up to 2 MB within '
      + 'IMPORT_TIMEOUT_MS; a refused or failed download is a 400 naming why.',
  })),
  file: Type.Optional(Strict({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    content: Type.String({ minLength: 1, maxLength: IMPORT_FILE_MAX_BYTES }),
  })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  replay: Type.Optional(Type.Boolean()),
  /** Moves the schedule so the first kickoff lands here. */
  shift_to: Type.Optional(Timestamp),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Za-z0-9]+$' })),
  season: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
});

const CompetitionImportResult = Type.Object({
  message: Type.String(),
  process: Type.String(),
  /** Its row in the process history. */
  run_id: Id,
  created: Type.Boolean(),
  competition: AdminCompetition,
  /** Matches written (every match of the file for openfootball). */
  updated_matches: Type.Integer({ minimum: 0 }),
  /** openfootball only: what the file held. */
  teams: Type.Optional(Type.Integer({ minimum: 0 })),
  groups: Type.Optional(Type.Integer({ minimum: 0 })),
  finished: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Results held back until their replay plays them (replay). */
  held: Type.Optional(Type.Integer({ minimum: 0 })),
  time_zone: Type.Optional(Type.String()),
});

const CompetitionAnswer = Type.Object({ message: Type.String(), competition: AdminCompetition });

/** Admin console, competitions. */
export const adminCompetitionRoutes = {
  adminImportCompetition: route({
    method: 'POST', path: '/admin/competitions/import', prefixed: true, access: 'admin', process: 'import_competition',
    errors: [409, 502], bodyLimit: IMPORT_FILE_MAX_BYTES + 64 * 1024,
    summary: 'Import (or re-import in place) a competition from an openfootball file or URL, or from football-data.org',
    body: CompetitionImport, response: CompetitionImportResult,
  }),
  adminCompetitions: route({
    method: 'GET', path: '/admin/competitions', prefixed: true, access: 'admin',
    summary: 'Every competition, archived ones included, with its provider, counts and syncs',
    response: Type.Object({ competitions: Type.Array(AdminCompetition) }),
  }),
  adminArchiveCompetition: route({
    method: 'POST', path: '/admin/competitions/:id/archive', prefixed: true, access: 'admin',
    summary: 'Archive a competition: no longer offered to new leagues, its data and leagues kept',
    params: IdParams, response: CompetitionAnswer,
  }),
  adminUnarchiveCompetition: route({
    method: 'POST', path: '/admin/competitions/:id/unarchive', prefixed: true, access: 'admin',
    summary: 'Offer an archived competition to new leagues again',
    params: IdParams, response: CompetitionAnswer,
  }),
} as const;
