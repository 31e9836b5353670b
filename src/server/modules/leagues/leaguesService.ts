import { randomBytes } from 'node:crypto';
import type { League, LeagueSettings } from '../../../shared/api/entities';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/context';
import { AppError, invalidField } from '../../http/errors';
import { keepShownPicksClosed } from '../picks/pickAnchors';
import { recomputePickPoints } from '../picks/pickScoring';
import { recomputeLeague, refreshLeagueStandings } from '../scoring/recompute';
import { competitionStarted, leagueFinished, loadLeagueAccess, requireOwner, requireWritable } from './leagueAccess';
import {
  ALWAYS_EDITABLE, DEFAULT_SETTINGS, changedSettings, checkSelectedTeams, checkStartMatchday, cleanName,
  defaultStartMatchday, settingsToColumns,
} from './leagueSettings';
import { deleteLeague, findCompetition, insertLeague, replaceLeagueTeams, updateLeague } from './leaguesRepository';
import { leagueView } from './leagueViews';
import { addMember } from './membersRepository';

type NewLeague = Partial<LeagueSettings> & Pick<LeagueSettings, 'name' | 'competition_id'>;

/** 24 url-safe characters: the link that lets anyone holding it join. */
export const newShareToken = () => randomBytes(18).toString('base64url');

export async function createLeague(deps: AppDeps, user: AuthUser, input: NewLeague): Promise<League> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const competition = await findCompetition(trx, input.competition_id);
    if (!competition) {
      throw new AppError(400, 'errors.competition_not_found', {}, { 'league.competition_id': [{ key: 'validation.exists' }] });
    }
    if (competition.finished === 1) throw leagueFinished();
    const settings: LeagueSettings = {
      ...DEFAULT_SETTINGS,
      ...input,
      name: cleanName(input.name),
      start_matchday: input.start_matchday ?? await defaultStartMatchday(trx, competition, now),
    };
    settings.selected_team_ids = await checkSelectedTeams(trx, competition.id, settings.selected_team_ids);
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
    await addMember(trx, leagueId, user.id, now);
    await refreshLeagueStandings(trx, leagueId);
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
    const wanted: Partial<LeagueSettings> = { ...requested };
    if (wanted.name !== undefined) wanted.name = cleanName(wanted.name);
    if (wanted.selected_team_ids !== undefined) {
      wanted.selected_team_ids = await checkSelectedTeams(trx, league.competition_id, wanted.selected_team_ids);
    }
    const changed = changedSettings(current, wanted);
    const started = competitionStarted(league, now);
    const scoringChanged = changed.some((key) => !ALWAYS_EDITABLE.includes(key));
    if (started && scoringChanged && league.editable_after_start !== 1) throw new AppError(403, 'errors.league_frozen');
    if (changed.includes('start_matchday')) await checkStartMatchday(trx, league.competition_id, wanted.start_matchday!);
    if (changed.length === 0) return current;

    const changes = Object.fromEntries(changed.map((key) => [key, wanted[key]])) as Partial<LeagueSettings>;
    // Picks already shown stay closed whatever matchday the league now starts from (issue 11 §6).
    if (changes.start_matchday !== undefined) await keepShownPicksClosed(trx, leagueId, now);
    await updateLeague(trx, leagueId, { ...settingsToColumns(changes), updated_at: now });
    if (changes.selected_team_ids) await replaceLeagueTeams(trx, leagueId, changes.selected_team_ids);
    // Before the first kickoff no bet has points yet; afterwards the new rules rescore what was played.
    if (started && scoringChanged) {
      // Pick points carry the league's round/person switches; recomputeLeague then re-sums the standings.
      if (changes.round_bets_enabled !== undefined || changes.person_bets_enabled !== undefined) {
        await recomputePickPoints(trx, league.competition_id);
      }
      await recomputeLeague(trx, leagueId);
    }
    return leagueView(trx, user.id, leagueId, now);
  });
}

export async function removeLeague(deps: AppDeps, user: AuthUser, leagueId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireOwner(access);
    requireWritable(access);
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
