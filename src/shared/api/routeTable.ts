import type { RouteDef } from './route';
import { userRoutes } from './routes/users';
import { accountRoutes } from './routes/accounts';
import { competitionRoutes } from './routes/competitions';
import { referenceRoutes } from './routes/reference';
import { leagueRoutes } from './routes/leagues';
import { invitationRoutes } from './routes/invitations';
import { invitationPreviewRoutes } from './routes/invitationPreview';
import { resultBetRoutes } from './routes/resultBets';
import { tableRoutes } from './routes/tables';
import { alertRoutes } from './routes/alerts';
import { roundBetRoutes } from './routes/roundBets';
import { personBetRoutes } from './routes/personBets';
import { updateRoutes } from './routes/updates';
import { pushRoutes } from './routes/push';
import { bonusQuestionRoutes } from './routes/bonusQuestions';
import { leagueLogRoutes } from './routes/leagueLog';
import { lateEntryRoutes } from './routes/lateEntry';
import { adminCompetitionRoutes } from './routes/adminCompetitions';
import { adminOperationRoutes } from './routes/adminOperations';
import { adminUserRoutes } from './routes/adminUsers';
import { liveRoutes } from './routes/live';
import { calendarRoutes } from './routes/calendar';
import { nudgeRoutes } from './routes/nudges';
import { headToHeadRoutes } from './routes/headToHead';
import { betDistributionRoutes } from './routes/betDistribution';
import { fairOddsRoutes } from './routes/fairOdds';
import { titleRaceRoutes } from './routes/titleRace';
import { dataExportRoutes } from './routes/dataExport';
import { leagueBoardRoutes } from './routes/leagueBoard';
import { apiTokenRoutes } from './routes/apiTokens';
import { webhookRoutes } from './routes/webhooks';
import { overallRankingRoutes } from './routes/overallRanking';

/**
 * Every API call of the product, keyed by endpoint name. Server registration and client endpoints both walk it, and
 * the OpenAPI document lists the paths in this order.
 */
export const routeTable = {
  ...userRoutes,
  ...accountRoutes,
  ...competitionRoutes,
  ...referenceRoutes,
  ...leagueRoutes,
  ...invitationRoutes,
  ...invitationPreviewRoutes,
  ...resultBetRoutes,
  ...tableRoutes,
  ...titleRaceRoutes,
  ...alertRoutes,
  ...roundBetRoutes,
  ...personBetRoutes,
  ...updateRoutes,
  ...pushRoutes,
  ...adminCompetitionRoutes,
  ...adminOperationRoutes,
  ...apiTokenRoutes,
  ...adminUserRoutes,
  ...bonusQuestionRoutes,
  ...leagueLogRoutes,
  ...lateEntryRoutes,
  ...liveRoutes,
  ...calendarRoutes,
  ...betDistributionRoutes,
  ...fairOddsRoutes,
  ...nudgeRoutes,
  ...leagueBoardRoutes,
  ...headToHeadRoutes,
  ...dataExportRoutes,
  ...webhookRoutes,
  ...overallRankingRoutes,
} as const satisfies Record<string, RouteDef>;

export type RouteTable = typeof routeTable;
export type RouteName = keyof RouteTable;
