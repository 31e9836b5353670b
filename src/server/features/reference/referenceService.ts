import type { Group, GroupTeam, LeagueRule, Person, Round, Team } from '../../../shared/api/entities';
import { localGroupName, localTeamName } from '../../../shared/domain/localNames';
import { localRoundName } from '../../../shared/domain/roundNames';
import { ROUND } from '../../../shared/domain/rounds';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors/errors';
import * as catalogue from '../../domain/competitions/catalogueRepository';
import { listLeagueRules } from '../../domain/competitions/competitionsRepository';
import { requireCompetition } from './competitionsService';
import { toTeam } from '../../domain/competitions/referenceMapping';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/domain/locales';

export async function leagueRules(deps: AppDeps, onlyTopScorer: boolean): Promise<LeagueRule[]> {
  return listLeagueRules(deps.db, onlyTopScorer ? { roundId: ROUND.TOP_SCORER } : {});
}

/** Names in the caller's language: catalogue rounds, national teams and "Group X" groups. */
const localRound = (round: Round, locale: Locale): Round => ({ ...round, name: localRoundName(round.id, locale, round.name) });
const localTeam = (team: Team, locale: Locale): Team => ({ ...team, team_name: localTeamName(team.team_name, locale) });
const localGroup = (group: Group, locale: Locale): Group => ({ ...group, name: localGroupName(group.name, locale) });
/** Teams in alphabetical order of the names shown (then id, as the repository orders them). */
const byName = (a: Team, b: Team) => a.team_name.localeCompare(b.team_name) || a.id - b.id;

export async function rounds(deps: AppDeps, competitionId?: number, locale: Locale = DEFAULT_LOCALE): Promise<Round[]> {
  if (competitionId === undefined) return (await catalogue.listRounds(deps.db)).map((round) => localRound(round, locale));
  await requireCompetition(deps, competitionId);
  return (await catalogue.roundsOfCompetition(deps.db, competitionId)).map((round) => localRound(round, locale));
}

export async function showRound(deps: AppDeps, id: number, locale: Locale = DEFAULT_LOCALE): Promise<Round> {
  const round = await catalogue.findRound(deps.db, id);
  if (!round) throw notFound('errors.round_not_found');
  return localRound(round, locale);
}

export async function teams(deps: AppDeps, competitionId?: number, locale: Locale = DEFAULT_LOCALE): Promise<Team[]> {
  if (competitionId !== undefined) await requireCompetition(deps, competitionId);
  const rows = competitionId === undefined ? await catalogue.listTeams(deps.db) : await catalogue.teamsOfCompetition(deps.db, competitionId);
  return rows.map((row) => localTeam(toTeam(row), locale)).sort(byName);
}

export async function people(deps: AppDeps, competitionId: number): Promise<Person[]> {
  await requireCompetition(deps, competitionId);
  return catalogue.peopleOfCompetition(deps.db, competitionId);
}

export async function groups(deps: AppDeps, competitionId?: number, locale: Locale = DEFAULT_LOCALE): Promise<Group[]> {
  if (competitionId !== undefined) await requireCompetition(deps, competitionId);
  return (await catalogue.listGroups(deps.db, competitionId)).map((group) => localGroup(group, locale));
}

export async function showGroup(deps: AppDeps, id: number, locale: Locale = DEFAULT_LOCALE): Promise<Group> {
  const group = await catalogue.findGroup(deps.db, id);
  if (!group) throw notFound('errors.group_not_found');
  return localGroup(group, locale);
}

export async function groupTeams(deps: AppDeps, competitionId?: number): Promise<GroupTeam[]> {
  if (competitionId !== undefined) await requireCompetition(deps, competitionId);
  return catalogue.listGroupTeams(deps.db, competitionId);
}
