import { resolve } from 'node:path';
import { IMPORT_FILE_MAX_BYTES } from '../../../shared/api/routes/adminCompetitions';
import type { Config } from '../../platform/config';
import type { Db, Executor } from '../../platform/db/database';
import { defaultPickRules } from '../../../shared/domain/leagueRules';
import { KNOCKOUT_ORDER, isKnockoutRound } from '../../../shared/domain/rounds';
import { recomputeCompetition } from '../rescoring/recompute';
import { recordResultsForOdds } from '../fairOdds/recordResults';
import { keepShownBetsClosed } from '../scoring/shownBets';
import { MATCH_STATUS, recountScorerGoals } from '../competitions/competitionStateRepository';
import { refreshCompetitionFinished } from '../resultJobs/competitionFinished';
import { goalRowOf, serializeHeldResult, type HeldGoal } from '../competitions/heldResult';
import { replayDurationMs } from '../competitions/replayTimeline';
import { boundedKey, IMPORT_TEXT_LIMITS, ImportError, type ImportedCompetition, type ImportedMatch } from '../competitions/importedCompetition';
import {
  findCompetitionByKey, insertDefaultRules, linkCompetitionPeople, linkCompetitionTeams, replaceMatchGoals, saveCompetition,
  upsertGroups, upsertMatches, upsertPeople, upsertTeams, type GoalRow, type MatchRow,
} from '../competitions/importRepository';
import { guessTimeZone, isValidTimeZone } from '../competitions/kickoff';
import { parseOpenfootball } from '../competitions/openfootballParser';
import { defaultExternalKey, loadOpenfootball, uploadedOpenfootball } from '../competitions/openfootballSource';
import { webAddress, type DownloadLimits } from '../../platform/http/outboundGuard';

interface OpenfootballImportOptions {
  /** File path or http(s) URL of the matches file. */
  source: string;
  /** Competition name (and stable key); default: the file's name and file name. */
  name?: string;
  /** Move the schedule so the first kickoff lands here (epoch ms). Omitted on a re-import: keep the stored shift. */
  shiftTo?: number;
  /** Hold back results and play them out from kickoff (replayTimeline.ts). Omitted on a re-import: keep the stored choice. */
  replay?: boolean;
  /**
   * IANA zone for times written without a UTC offset; default the zone stored by an earlier import of the same
   * competition, else guessed from the file name, else UTC.
   */
  timeZone?: string;
  /**
   * The matches file's content, when it comes from an upload (the admin console) rather than a path or URL: `source`
   * is then the file's name, and the competition's provider_ref `upload:<name>` (nothing to re-read later).
   */
  content?: string;
  /** How a URL is downloaded (importLimits(config)); without it, no internal hosts and the default size and time. */
  download?: DownloadLimits;
  now: number;
}

/** The bounds of a download when the caller names none: the console's upload size, no internal hosts, 15 s. */
export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = { internalHostsAllowed: [], maxBytes: IMPORT_FILE_MAX_BYTES, timeoutMs: 15_000 };

/** The download bounds the configuration sets (IMPORT_ALLOWED_HOSTS, IMPORT_TIMEOUT_MS): the same for every importer. */
export const importLimits = (config: Pick<Config, 'importAllowedHosts' | 'importTimeoutMs'>): DownloadLimits =>
  ({ internalHostsAllowed: config.importAllowedHosts, maxBytes: IMPORT_FILE_MAX_BYTES, timeoutMs: config.importTimeoutMs });

/** provider_ref of a competition imported from an uploaded file: it has no file or URL to re-read. */
export const UPLOAD_REF_PREFIX = 'upload:';

interface ImportSummary {
  competitionId: number; name: string; type: 'cup' | 'league'; created: boolean;
  matches: number; teams: number; groups: number; finished: number; held: number; timeShiftMs: number;
  /** The IANA zone local kickoff times were read in. */
  timeZone: string;
}

/** Imports (or re-imports, in place) an openfootball competition in one transaction, then recomputes its points. */
export async function importOpenfootball(db: Db, options: OpenfootballImportOptions): Promise<ImportSummary> {
  // The --name (or file name) keys the competition: bounded to the key column, the same for every re-import.
  const externalKey = boundedKey(`openfootball:${options.name?.trim() || defaultExternalKey(options.source)}`);
  if ((options.name?.trim().length ?? 0) > IMPORT_TEXT_LIMITS.competitionName) {
    throw new ImportError(`"name" is longer than ${IMPORT_TEXT_LIMITS.competitionName} characters`,
      { key: 'import.too_long', vars: { field: 'name', max: IMPORT_TEXT_LIMITS.competitionName } });
  }
  // A zone given now wins (and is kept); otherwise the one this competition was first read in, so re-importing or
  // re-syncing an unchanged file never moves a kickoff; a first import without one guesses from the file name.
  const stored = (await findCompetitionByKey(db, externalKey))?.time_zone ?? null;
  const zone = options.timeZone ?? stored ?? guessTimeZone(options.source);
  if (!isValidTimeZone(zone)) throw new ImportError(`unknown time zone "${zone}"`, { key: 'import.unknown_time_zone', vars: { zone } });
  const files = options.content !== undefined ? uploadedOpenfootball(options.content, options.source)
    : await loadOpenfootball(options.source, options.download ?? DEFAULT_DOWNLOAD_LIMITS);
  const parsed = parseOpenfootball(files, zone);
  if (parsed.matches.length === 0) throw new ImportError('the file has no matches', { key: 'import.no_matches' });
  // A full path, so a later update from the server (another working directory) finds the same file.
  const source = options.content !== undefined ? `${UPLOAD_REF_PREFIX}${options.source}`
    : webAddress(options.source)?.href ?? resolve(options.source);
  return db.transaction().execute((trx) => storeCompetition(trx, parsed, { ...options, source, externalKey, timeZone: zone }));
}

async function storeCompetition(
  trx: Executor, parsed: ImportedCompetition, options: OpenfootballImportOptions & { externalKey: string; timeZone: string },
): Promise<ImportSummary> {
  const { now } = options;
  const existing = await findCompetitionByKey(trx, options.externalKey);
  const firstKickoff = Math.min(...parsed.matches.map((m) => m.date));
  const timeShiftMs = options.shiftTo !== undefined ? options.shiftTo - firstKickoff : existing?.time_shift_ms ?? 0;
  const replay = options.replay ?? existing?.replay === 1;
  const competitionId = await saveCompetition(trx, {
    name: options.name?.trim() || parsed.name, competition_type: parsed.type, provider: 'openfootball',
    provider_ref: options.source, external_key: options.externalKey, time_shift_ms: timeShiftMs, replay: replay ? 1 : 0,
    time_zone: options.timeZone,
  }, now, existing?.id);

  const teamIds = await upsertTeams(trx, parsed.teams);
  await linkCompetitionTeams(trx, competitionId, [...teamIds.values()]);
  const groupIds = await upsertGroups(trx, competitionId,
    parsed.groups.map((g) => ({ name: g.name, teamIds: g.teamKeys.map((k) => teamIds.get(k)!) })));
  const personIds = await upsertPeople(trx, parsed.people, teamIds);
  await linkCompetitionPeople(trx, competitionId, [...personIds.values()]);

  let held = 0;
  let finished = 0;
  const goalsByKey = new Map<string, HeldGoal[]>();
  const heldGoals = (m: ImportedMatch): HeldGoal[] => m.goals.map((g) => ({
    person_id: personIds.get(g.personKey)!, minute: g.minute, own_goal: g.ownGoal ? 1 as const : 0 as const, penalty: g.penalty ? 1 as const : 0 as const,
    offset: g.offset, side: g.side,
  }));
  const isHeld = (m: ImportedMatch) => replay && m.score !== null
    && m.date + timeShiftMs + replayDurationMs({ score: m.score, goals: heldGoals(m) }) > now;
  const teamsHidden = hiddenKnockoutTeams(parsed.matches, timeShiftMs, isHeld);
  const rows: MatchRow[] = parsed.matches.map((m) => {
    const date = m.date + timeShiftMs;
    const goals = heldGoals(m);
    const hold = isHeld(m);
    const hideTeams = hold && teamsHidden(m);
    const localTeamId = teamId(teamIds, m.localTeamKey);
    const visitingTeamId = teamId(teamIds, m.visitingTeamKey);
    const shown = m.score && !hold ? m.score : null;
    if (hold) held += 1;
    if (shown) {
      finished += 1;
      goalsByKey.set(m.key, goals);
    }
    const started = shown !== null || (date <= now && !m.postponed);
    return {
      competition_id: competitionId, external_key: m.key, round_id: m.roundId, matchday: m.matchday,
      group_id: m.group ? groupIds.get(m.group) ?? null : null,
      local_team_id: hideTeams ? null : localTeamId, visiting_team_id: hideTeams ? null : visitingTeamId,
      local_placeholder: m.localPlaceholder, visiting_placeholder: m.visitingPlaceholder, date,
      status: shown ? MATCH_STATUS.FINISHED : m.postponed ? MATCH_STATUS.POSTPONED : started ? MATCH_STATUS.IN_PLAY : MATCH_STATUS.SCHEDULED,
      started: started ? 1 : 0, finished: shown ? 1 : 0,
      local_goals: shown?.local_goals ?? null, visiting_goals: shown?.visiting_goals ?? null,
      local_goals_extra_time: shown?.local_goals_extra_time ?? null, visiting_goals_extra_time: shown?.visiting_goals_extra_time ?? null,
      local_penalties: shown?.local_penalties ?? null, visiting_penalties: shown?.visiting_penalties ?? null,
      held_result: hold ? serializeHeldResult({
        score: m.score!, goals, ...(hideTeams && { teams: { local_team_id: localTeamId, visiting_team_id: visitingTeamId } }),
      }) : null,
      updated_at: now,
    };
  });
  // A re-import may move kickoffs: bets already shown stay closed.
  if (existing) await keepShownBetsClosed(trx, competitionId, now);
  const matchIds = await upsertMatches(trx, rows);
  const goalRows: GoalRow[] = [...goalsByKey].flatMap(([key, goals]) => goals.map((g) => goalRowOf(g, matchIds.get(key)!)));
  await replaceMatchGoals(trx, [...matchIds.values()], goalRows);
  await recountScorerGoals(trx, competitionId);
  await insertDefaultRules(trx, competitionId, defaultPickRules(parsed.type, teamsPerKnockoutRound(parsed.matches)));
  await refreshCompetitionFinished(trx, competitionId, now);
  // Results an import brings are recorded like any writer's: odds leagues' due chances sealed, ratings moved.
  await recordResultsForOdds(trx, competitionId, [...matchIds.values()], now);
  await recomputeCompetition(trx, competitionId);

  return {
    competitionId, name: options.name?.trim() || parsed.name, type: parsed.type, created: !existing,
    matches: rows.length, teams: parsed.teams.length, groups: parsed.groups.length, finished, held, timeShiftMs,
    timeZone: options.timeZone,
  };
}

function teamId(ids: Map<string, number>, key: string | null): number | null {
  return key === null ? null : ids.get(key) ?? null;
}

/**
 * In a replay, who plays a knockout match is itself a result: its teams stay hidden while any match before the
 * first kickoff of its round is still held back (reveal.ts shows them once those are all revealed).
 */
function hiddenKnockoutTeams(matches: ImportedMatch[], shift: number, isHeld: (m: ImportedMatch) => boolean) {
  const roundStart = new Map<number, number>();
  for (const m of matches) {
    if (isKnockoutRound(m.roundId)) roundStart.set(m.roundId, Math.min(roundStart.get(m.roundId) ?? Infinity, m.date + shift));
  }
  const firstHeld = Math.min(...matches.filter(isHeld).map((m) => m.date + shift));
  return (m: ImportedMatch) => isKnockoutRound(m.roundId) && firstHeld < roundStart.get(m.roundId)!;
}

function teamsPerKnockoutRound(matches: ImportedMatch[]): Record<number, number> {
  const teams: Record<number, number> = {};
  for (const m of matches) if (KNOCKOUT_ORDER.includes(m.roundId)) teams[m.roundId] = (teams[m.roundId] ?? 0) + 2;
  return teams;
}
