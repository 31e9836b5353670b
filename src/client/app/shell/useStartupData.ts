import { api } from '../../api/api';
import type { AlertItem } from './AlertItems';

/** Reference data, the current user and the alerts load once at start-up (then live in the cache). */
const competitions = api.endpoints.competitionIndex;
const rounds = api.endpoints.roundsIndex;
const groups = api.endpoints.groupsIndex;
const groupTeams = api.endpoints.groupTeamsIndex;
const teams = api.endpoints.teamsIndex;
const leagueRules = api.endpoints.leagueRulesIndex;
const alerts = api.endpoints.alertsIndex;

export function useStartupData(signedIn: boolean): { alerts: AlertItem[] } {
  competitions.useQuery();
  rounds.useQuery();
  groups.useQuery();
  groupTeams.useQuery();
  teams.useQuery();
  leagueRules.useQuery();
  const { data } = alerts.useQuery(undefined, { skip: !signedIn });
  return { alerts: signedIn ? data ?? [] : [] };
}
