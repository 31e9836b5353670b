import type { Group, GroupTeam, LeagueRule, Person, Round, Team } from '../../../shared/api/entities';
import { ROUND } from '../../../shared/domain/rounds';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import * as catalogue from './catalogueRepository';
import { listLeagueRules } from './competitionsRepository';
import { requireCompetition } from './competitionsService';
import { toTeam } from './referenceMapping';

export async function leagueRules(deps: AppDeps, onlyTopScorer: boolean): Promise<LeagueRule[]> {
  return listLeagueRules(deps.db, onlyTopScorer ? { roundId: ROUND.TOP_SCORER } : {});
}

export async function rounds(deps: AppDeps, competitionId?: number): Promise<Round[]> {
  if (competitionId === undefined) return catalogue.listRounds(deps.db);
  await requireCompetition(deps, competitionId);
  return catalogue.roundsOfCompetition(deps.db, competitionId);
}

export async function showRound(deps: AppDeps, id: number): Promise<Round> {
  const round = await catalogue.findRound(deps.db, id);
  if (!round) throw notFound('errors.round_not_found');
  return round;
}

export async function teams(deps: AppDeps, competitionId?: number): Promise<Team[]> {
  if (competitionId === undefined) return (await catalogue.listTeams(deps.db)).map(toTeam);
  await requireCompetition(deps, competitionId);
  return (await catalogue.teamsOfCompetition(deps.db, competitionId)).map(toTeam);
}

export async function people(deps: AppDeps, competitionId: number): Promise<Person[]> {
  await requireCompetition(deps, competitionId);
  return catalogue.peopleOfCompetition(deps.db, competitionId);
}

export async function groups(deps: AppDeps, competitionId?: number): Promise<Group[]> {
  if (competitionId !== undefined) await requireCompetition(deps, competitionId);
  return catalogue.listGroups(deps.db, competitionId);
}

export async function showGroup(deps: AppDeps, id: number): Promise<Group> {
  const group = await catalogue.findGroup(deps.db, id);
  if (!group) throw notFound('errors.group_not_found');
  return group;
}

export async function groupTeams(deps: AppDeps, competitionId?: number): Promise<GroupTeam[]> {
  if (competitionId !== undefined) await requireCompetition(deps, competitionId);
  return catalogue.listGroupTeams(deps.db, competitionId);
}
