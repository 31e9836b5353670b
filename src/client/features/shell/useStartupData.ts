import { endpointAt } from '../../api/api';
import { rowsOf } from '../../api/rows';
import type { AlertItem } from './AlertItems';

/** Spec 1: reference data, the current user and the alerts load once at start-up (then live in the cache). */
const competitions = endpointAt('GET', '/competition/index');
const rounds = endpointAt('GET', '/rounds/index');
const groups = endpointAt('GET', '/groups/index');
const groupTeams = endpointAt('GET', '/groups/index_groups_team');
const teams = endpointAt('GET', '/teams/index');
const leagueRules = endpointAt('GET', '/league_rules/index');
const alerts = endpointAt('GET', '/alerts/index');

export function useStartupData(signedIn: boolean): { alerts: AlertItem[] } {
  competitions.useQuery();
  rounds.useQuery();
  groups.useQuery();
  groupTeams.useQuery();
  teams.useQuery();
  leagueRules.useQuery();
  const { data } = alerts.useQuery(undefined, { skip: !signedIn });
  return { alerts: signedIn ? rowsOf<AlertItem>(data) : [] };
}
