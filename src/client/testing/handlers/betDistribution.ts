import { userByToken } from './fakeApi';
import { fail, handle } from './route';

/** By default the league's bets are not shown yet; a test answers a split with server.use. */
export const betDistributionHandlers = [
  handle('resultBetDistribution', ({ token }) => (userByToken(token)
    ? fail(403, "The league's bets here are not shown yet: how the league bet appears after the deadline")
    : fail(401))),
];
