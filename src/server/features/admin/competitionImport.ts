import type { Static } from 'typebox';
import type { CompetitionImport } from '../../../shared/api/routes/adminCompetitions';
import type { AppDeps } from '../../platform/deps';
import { importLimits, importOpenfootball } from '../../domain/competitionUpdates/importService';
import { isValidTimeZone } from '../../domain/competitions/kickoff';
import { webAddress } from '../../platform/http/outboundGuard';
import { runHttpProcess } from '../../platform/locks/processLocks';
import { recordCompetitionSync, recordProcessRun } from '../../platform/processRuns/processRuns';
import { importFootballData } from '../../domain/providers/footballData/footballDataImport';
import { FieldErrors } from '../../platform/http/fieldErrors';

type ImportInput = Static<typeof CompetitionImport>;

/** One import at a time, whoever starts it: a second one is refused (409) like a second run of an update. */
export const IMPORT_PROCESS = 'import_competition';

type Plan =
  | { provider: 'openfootball'; source: string; content?: string; name?: string; timeZone?: string; replay?: boolean; shiftTo?: number }
  | { provider: 'football-data'; code: string; season?: number };

interface ImportOutcome {
  runId: number; competitionId: number; created: boolean; updated_matches: number;
  name?: string; teams?: number; groups?: number; finished?: number; held?: number; time_zone?: string;
}

const OPENFOOTBALL_FIELDS = ['url', 'file', 'name', 'time_zone', 'replay', 'shift_to'] as const;
const FOOTBALL_DATA_FIELDS = ['code', 'season'] as const;

/** Checks the request's combination of fields (the schema checks each field): 400 with every field at fault. */
function plan(input: ImportInput): Plan {
  const errors = new FieldErrors();
  if (input.provider === 'football-data') {
    for (const field of OPENFOOTBALL_FIELDS) if (input[field] !== undefined) errors.add(field, 'validation.openfootball_only');
    if (input.code === undefined) errors.add('code', 'validation.blank');
    errors.throwIfAny();
    return { provider: 'football-data', code: input.code!.toUpperCase(), season: input.season };
  }
  for (const field of FOOTBALL_DATA_FIELDS) if (input[field] !== undefined) errors.add(field, 'validation.football_data_only');
  if ((input.url === undefined) === (input.file === undefined)) errors.add(input.url === undefined ? 'url' : 'file', 'validation.url_or_file');
  // Only the web: the console never reads a path on the server. Where on the web is checked at download time
  // (platform/http/outboundGuard: no internal hosts unless IMPORT_ALLOWED_HOSTS names them, bounded size and time).
  const url = input.url !== undefined ? webAddress(input.url.trim()) : null;
  if (input.url !== undefined) {
    if (!url) errors.add('url', 'validation.http_url');
    else if (url.username || url.password) errors.add('url', 'validation.url_credentials');
  }
  if (input.time_zone !== undefined && !isValidTimeZone(input.time_zone)) errors.add('time_zone', 'validation.time_zone');
  if (input.name !== undefined && !input.name.trim()) errors.add('name', 'validation.blank');
  errors.throwIfAny();
  return {
    provider: 'openfootball',
    // The address as parsed above, never the text sent: the importer must not read it any other way.
    source: input.file ? input.file.name.trim() || 'upload.json' : url!.href,
    content: input.file?.content,
    name: input.name?.trim(), timeZone: input.time_zone, replay: input.replay,
    shiftTo: input.shift_to !== undefined ? Date.parse(input.shift_to) : undefined,
  };
}

async function runImport(deps: AppDeps, job: Plan) {
  if (job.provider === 'football-data') {
    const result = await importFootballData(deps, job.code, job.season);
    return { competitionId: result.competitionId, created: result.created, updated_matches: result.updatedMatches };
  }
  const summary = await importOpenfootball(deps.db, {
    source: job.source, content: job.content, name: job.name, timeZone: job.timeZone, replay: job.replay, shiftTo: job.shiftTo,
    download: importLimits(deps.config), now: deps.clock.now(),
  });
  return {
    competitionId: summary.competitionId, created: summary.created, updated_matches: summary.matches, name: summary.name,
    teams: summary.teams, groups: summary.groups, finished: summary.finished, held: summary.held, time_zone: summary.timeZone,
  };
}

/**
 * Imports a competition from the console with the CLI's importers (competitionUpdates/importService, footballDataImport),
 * as a recorded process run that refuses a second import while one runs. The importers write in one transaction:
 * a bad file (ImportError, answered 400 naming what is wrong) changes nothing but its failed run in the history.
 * The ImportError and a football-data ProviderError come out as they are: the route answers them (400, 502) in the
 * caller's language.
 */
export async function importCompetition(deps: AppDeps, adminId: number, input: ImportInput): Promise<ImportOutcome> {
  const job = plan(input);
  const { result, runId } = await runHttpProcess(deps, IMPORT_PROCESS, () =>
    recordProcessRun(deps, { kind: 'import_competition', trigger: 'manual', startedBy: adminId }, () => runImport(deps, job)));
  await recordCompetitionSync(deps, result.competitionId);
  return { runId, ...result };
}
