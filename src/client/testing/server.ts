import { setupServer } from 'msw/node';
import { accountHandlers } from './handlers/accounts';
import { alertHandlers } from './handlers/alerts';
import { pushHandlers } from './handlers/push';
import { referenceHandlers } from './handlers/reference';
import { resultBetHandlers } from './handlers/resultBets';
import { updateHandlers } from './handlers/updates';
import { userHandlers } from './handlers/users';
import { competitionHandlers } from './handlers/competitions';
import { invitationHandlers } from './handlers/invitations';
import { leagueHandlers } from './handlers/leagues';
import { matchHandlers } from './handlers/matches';
import { personBetHandlers } from './handlers/personBets';
import { roundBetHandlers } from './handlers/roundBets';
import { tableHandlers } from './handlers/tables';
import { liveHandlers } from './handlers/live';
import { rivalryHandlers } from './handlers/rivalry';
import { betDistributionHandlers } from './handlers/betDistribution';
import { titleRaceHandlers } from './handlers/titleRace';
import { bonusQuestionHandlers } from './handlers/bonusQuestions';
import { dataExportHandlers } from './handlers/dataExport';
import { leagueBoardHandlers } from './handlers/leagueBoard';
import { overallRankingHandlers } from './handlers/overallRanking';
import { fairOddsHandlers } from './handlers/fairOdds';

/** The fake API every client test talks to; a request no handler answers fails the test. */
export const server = setupServer(
  ...userHandlers, ...accountHandlers, ...referenceHandlers, ...alertHandlers, ...updateHandlers, ...resultBetHandlers, ...pushHandlers,
  ...leagueHandlers, ...tableHandlers, ...invitationHandlers, ...competitionHandlers, ...matchHandlers, ...roundBetHandlers, ...personBetHandlers,
  ...liveHandlers, ...rivalryHandlers, ...betDistributionHandlers, ...titleRaceHandlers, ...bonusQuestionHandlers,
  ...dataExportHandlers,
  ...leagueBoardHandlers, ...overallRankingHandlers, ...fairOddsHandlers,
);
