import { randomBytes } from 'node:crypto';
import type { League, LeagueSettings } from '../../../shared/api/entities';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, invalidField } from '../../platform/errors/errors';
import { appendLeagueLog } from '../../domain/leagueLog/leagueLogService';
import { logLeagueSeals, sealDueOdds } from '../../domain/fairOdds/oddsSeals';
import { keepShownPicksClosed } from '../../domain/picks/pickAnchors';
import { recomputePickPoints } from '../../domain/picks/pickScoring';
import { recomputeLeague, refreshLeagueStandings } from '../../domain/rescoring/recompute';
import { lockStandings } from '../../domain/standings/standingsRefresh';
import { forgetLeagueTables } from '../../domain/standings/tableVersions';
import { competitionStarted, leagueFinished, loadLeagueAccess, requireOwner, requireWritable } from '../../domain/leagues/leagueAccess';
import { defaultLockBy } from '../../../shared/domain/deadlines';
import type { Executor } from '../../platform/db/database';
import { replaceRoundMultipliers } from '../../domain/scoring/leagueScoring';
import {
  ALWAYS_EDITABLE, DEFAULT_SETTINGS, cleanDescription, changedSettings, checkDeadlineChange, checkJokerCount, checkRoundMultipliers,
  checkSelectedTeams, checkStartMatchday, cleanName, defaultStartMatchday, settingsToColumns, withScoring,
} from './leagueSettings';
import { deleteLeague, findCompetition, insertLeague, replaceLeagueTeams, takeOffJokersBeyond, updateLeague } from './leaguesRepository';
import { leagueView } from './leagueViews';
import { addMember } from '../../domain/leagues/membersRepository';
import { insertNewQuestion } from '../../domain/bonusQuestions/askQuestion';
import type { NewBonusQuestion } from '../../../shared/api/routes/bonusQuestions';
import type { Static } from 'typebox';

type NewLeague = Partial<LeagueSettings> & Pick<LeagueSettings, 'name' | 'competition_id'>;
type NewQuestion = Static<typeof NewBonusQuestion>;

/** 24 url-safe characters: the link that lets anyone holding it join. */
const newShareToken = () => randomBytes(18).toString('base64url');

/** A new league with its owner as first member and the bonus questions asked with it, in one transaction. */
export async function createLeague(deps: AppDeps, user: AuthUser, input: NewLeague, questions: NewQuestion[] = []): Promise<League> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const competition = await findCompetition(trx, input.competition_id);
    // An archived competition keeps its leagues but takes no new ones.
    if (!competition || competition.archived_at !== null) {
      throw new AppError(400, 'errors.competition_not_found', {}, { 'league.competition_id': [{ key: 'validation.exists' }] });
    }
    if (competition.finished === 1) throw leagueFinished();
    const settings: LeagueSettings = withScoring({
      ...DEFAULT_SETTINGS,
      ...withScoring(input),
      name: cleanName(input.name),
      description: cleanDescription(input.description ?? null),
      start_matchday: input.start_matchday ?? await defaultStartMatchday(trx, competition, now),
      lock_by: input.lock_by ?? defaultLockBy({ is_league: competition.competition_type === 'league' }),
    });
    settings.selected_team_ids = await checkSelectedTeams(trx, competition.id, settings.selected_team_ids);
    settings.round_multipliers = checkRoundMultipliers(settings.round_multipliers);
    if (input.start_matchday !== undefined) await checkStartMatchday(trx, competition.id, input.start_matchday);
    // Complete settings fill every settings column.
    const leagueId = await insertLeague(trx, {
      ...(settingsToColumns(settings) as Required<ReturnType<typeof settingsToColumns>>),
      competition_id: competition.id,
      owner_id: user.id,
      share_token: newShareToken(),
      created_at: now,
      updated_at: now,
    });
    await replaceLeagueTeams(trx, leagueId, settings.selected_team_ids);
    await replaceRoundMultipliers(trx, leagueId, settings.round_multipliers);
    await addMember(trx, leagueId, user.id, now);
    for (const [index, question] of questions.entries()) await insertNewQuestion(trx, leagueId, question, now, `bonus_questions.${index}`);
    // A league joining a competition under way with the odds gets the chances of the deadlines already passed.
    const odds = settings.scoring.mode === 'odds';
    if (odds) await sealDueOdds(trx, { leagueId }, now);
    await refreshLeagueStandings(trx, leagueId);
    if (odds) await logLeagueSeals(trx, { now, key: deps.logKey }, leagueId);
    return leagueView(trx, user.id, leagueId, now);
  });
}

export async function changeLeague(deps: AppDeps, user: AuthUser, leagueId: number, requested: Partial<LeagueSettings>): Promise<League> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireOwner(access);
    requireWritable(access);
    const { league } = access;
    if (requested.competition_id !== undefined && requested.competition_id !== league.competition_id) {
      throw invalidField('league.competition_id', 'validation.invalid');
    }
    const current = await leagueView(trx, user.id, leagueId, now);
    const wanted: Partial<LeagueSettings> = withScoring({ ...requested });
    if (wanted.name !== undefined) wanted.name = cleanName(wanted.name);
    if (wanted.description !== undefined) wanted.description = cleanDescription(wanted.description);
    if (wanted.round_multipliers !== undefined) wanted.round_multipliers = checkRoundMultipliers(wanted.round_multipliers);
    if (wanted.selected_team_ids !== undefined) {
      wanted.selected_team_ids = await checkSelectedTeams(trx, league.competition_id, wanted.selected_team_ids);
    }
    const changed = changedSettings(current, wanted);
    const started = competitionStarted(league, now);
    const scoringChanged = changed.some((key) => !ALWAYS_EDITABLE.includes(key));
    if (started && scoringChanged && league.editable_after_start !== 1) throw new AppError(403, 'errors.league_frozen');
    // A rescore holds the league's standings before this transaction writes the league's row, as a result job's batch
    // does before it moves the league's table version: neither then waits for the other while holding what it needs.
    if (started && scoringChanged) await lockStandings(trx, { competitionId: league.competition_id, leagueId });
    if (changed.includes('start_matchday')) await checkStartMatchday(trx, league.competition_id, wanted.start_matchday!);
    if (changed.includes('jokers')) await checkJokerCount(trx, deps.dialect, league, wanted.jokers!.count, now);
    if (changed.includes('bet_deadline_minutes') || changed.includes('lock_by')) {
      await checkDeadlineChange(trx, league, {
        bet_deadline_minutes: wanted.bet_deadline_minutes ?? current.bet_deadline_minutes, lock_by: wanted.lock_by ?? current.lock_by,
      }, now);
    }
    if (changed.length === 0) return current;

    const changes = Object.fromEntries(changed.map((key) => [key, wanted[key]])) as Partial<LeagueSettings>;
    // Picks already shown stay closed whatever matchday the league now starts from: pinned from the
    // kickoffs the current start_matchday gives, so before the change is written.
    if (changes.start_matchday !== undefined) await keepShownPicksClosed(trx, leagueId, now);
    await applySettingsChange(trx, { leagueId, actorId: user.id, before: current, changes, now });
    // Taking up the odds (or moving deadlines under them) seals what is due before the league is scored again.
    const odds = (changes.scoring ?? current.scoring).mode === 'odds';
    if (odds) await sealDueOdds(trx, { leagueId }, now);
    // Jokers on open bets beyond the new count go back to their members, the latest deadlines first (their bets stay).
    if (changes.jokers !== undefined) await takeOffJokersBeyond(trx, league, changes.jokers.count, now);
    // Before the first kickoff no bet has points yet; afterwards the new rules rescore what was played.
    if (started && scoringChanged) {
      // Pick points carry the league's round/person switches; recomputeLeague then re-sums the standings.
      if (changes.round_bets_enabled !== undefined || changes.person_bets_enabled !== undefined) {
        await recomputePickPoints(trx, league.competition_id);
      }
      await recomputeLeague(trx, leagueId);
    }
    await logSettingsChange(trx, { leagueId, actorId: user.id, before: current, changes, now, key: deps.logKey });
    if (odds) await logLeagueSeals(trx, { now, key: deps.logKey }, leagueId);
    return leagueView(trx, user.id, leagueId, now);
  });
}

/**
 * The one place a league's settings change (after the checks above), with the settings before and the changed keys'
 * new values: writes the columns, selected teams and round multipliers. A log of settings changes hooks in here.
 */
async function applySettingsChange(
  trx: Executor, change: { leagueId: number; actorId: number; before: League; changes: Partial<LeagueSettings>; now: number },
): Promise<void> {
  const { leagueId, changes, now } = change;
  await updateLeague(trx, leagueId, { ...settingsToColumns(changes), updated_at: now });
  if (changes.selected_team_ids) await replaceLeagueTeams(trx, leagueId, changes.selected_team_ids);
  if (changes.round_multipliers) await replaceRoundMultipliers(trx, leagueId, changes.round_multipliers);
}

/**
 * Settings changes that can move points or positions go into the league's tamper-evident log (name and openness do
 * not). Last in the transaction, like every log append: the log's lock is always the last one taken (leagueLogRepository).
 */
async function logSettingsChange(
  trx: Executor,
  change: { leagueId: number; actorId: number; before: League; changes: Partial<LeagueSettings>; now: number; key: Uint8Array },
): Promise<void> {
  const { changes } = change;
  const logged = (Object.keys(changes) as (keyof LeagueSettings)[]).filter((key) => !ALWAYS_EDITABLE.includes(key));
  if (logged.length === 0) return;
  await appendLeagueLog(trx, { now: change.now, key: change.key }, [{
    leagueId: change.leagueId, actorId: change.actorId, action: 'league.settings',
    details: {
      before: Object.fromEntries(logged.map((key) => [key, change.before[key]])),
      after: Object.fromEntries(logged.map((key) => [key, changes[key]])),
    },
  }]);
}

export async function removeLeague(deps: AppDeps, user: AuthUser, leagueId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireOwner(access);
    requireWritable(access);
    forgetLeagueTables(trx, [leagueId]);
    await deleteLeague(trx, leagueId);
  });
}

/** A new share link (owner): the old one stops working at once, for joining and for looking at the league. */
export async function regenerateShareToken(deps: AppDeps, user: AuthUser, leagueId: number): Promise<League> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireOwner(access);
    requireWritable(access);
    await updateLeague(trx, leagueId, { share_token: newShareToken(), updated_at: now });
    return leagueView(trx, user.id, leagueId, now);
  });
}
