import type { FeatureManifest } from './domain/manifest/featureManifest';
import type { UserDataSection } from './domain/userData/userDataSection';
import { accountsFeature } from './features/accounts/manifest';
import { adminFeature } from './features/admin/manifest';
import { alertsFeature } from './features/alerts/manifest';
import { apiTokensFeature } from './features/apiTokens/manifest';
import { betDistributionFeature } from './features/betDistribution/manifest';
import { bonusQuestionsFeature } from './features/bonusQuestions/manifest';
import { calendarFeature } from './features/calendar/manifest';
import { dataExportFeature } from './features/dataExport/manifest';
import { demoFeature } from './features/demo/manifest';
import { fairOddsFeature } from './features/fairOdds/manifest';
import { headToHeadFeature } from './features/headToHead/manifest';
import { invitationsFeature } from './features/invitations/manifest';
import { leagueBoardFeature } from './features/leagueBoard/manifest';
import { leagueLogFeature } from './features/leagueLog/manifest';
import { leaguesFeature } from './features/leagues/manifest';
import { liveFeature } from './features/live/manifest';
import { nudgesFeature } from './features/nudges/manifest';
import { overallRankingFeature } from './features/overallRanking/manifest';
import { picksFeature } from './features/picks/manifest';
import { pushFeature } from './features/push/manifest';
import { referenceFeature } from './features/reference/manifest';
import { resultBetsFeature } from './features/resultBets/manifest';
import { tablesFeature } from './features/tables/manifest';
import { titleRaceFeature } from './features/titleRace/manifest';
import { updatesFeature } from './features/updates/manifest';
import { usersFeature } from './features/users/manifest';
import { webhooksFeature } from './features/webhooks/manifest';

/**
 * Every feature the app serves. Their user-data sections are exported in this order and forgotten in it when an
 * account is deleted (all before the user row goes); the OpenAPI document lists routes in the route table's order.
 */
export const features: readonly FeatureManifest[] = [
  accountsFeature,
  leaguesFeature,
  resultBetsFeature,
  picksFeature,
  bonusQuestionsFeature,
  invitationsFeature,
  nudgesFeature,
  pushFeature,
  calendarFeature,
  leagueBoardFeature,
  apiTokensFeature,
  webhooksFeature,
  usersFeature,
  referenceFeature,
  tablesFeature,
  titleRaceFeature,
  alertsFeature,
  updatesFeature,
  adminFeature,
  leagueLogFeature,
  liveFeature,
  betDistributionFeature,
  fairOddsFeature,
  headToHeadFeature,
  dataExportFeature,
  overallRankingFeature,
  demoFeature,
];

/** What every feature holds about a user, in the features' order. */
export const userDataSections: readonly UserDataSection[] = features.flatMap((feature) => (feature.userData ? [feature.userData] : []));
