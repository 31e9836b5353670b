import type { UserDataSection } from './domain/userData/userDataSection';
import { accountsUserData } from './features/accounts/accountsUserData';
import { leaguesUserData } from './features/leagues/leaguesUserData';
import { resultBetsUserData } from './features/resultBets/resultBetsUserData';
import { picksUserData } from './features/picks/picksUserData';
import { bonusQuestionsUserData } from './features/bonusQuestions/bonusQuestionsUserData';
import { invitationsUserData } from './features/invitations/invitationsUserData';
import { nudgesUserData } from './features/nudges/nudgesUserData';
import { pushUserData } from './features/push/pushUserData';
import { calendarUserData } from './features/calendar/calendarUserData';
import { leagueBoardUserData } from './features/leagueBoard/leagueBoardUserData';
import { apiTokensUserData } from './features/apiTokens/apiTokensUserData';
import { webhooksUserData } from './features/webhooks/webhooksUserData';

/**
 * What every feature holds about a user, in export order: the user's data export collects each section and account
 * deletion forgets each one (in this order, all before the user row goes).
 */
export const userDataSections: readonly UserDataSection[] = [
  accountsUserData,
  leaguesUserData,
  resultBetsUserData,
  picksUserData,
  bonusQuestionsUserData,
  invitationsUserData,
  nudgesUserData,
  pushUserData,
  calendarUserData,
  leagueBoardUserData,
  apiTokensUserData,
  webhooksUserData,
];
