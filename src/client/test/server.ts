import { setupServer } from 'msw/node';
import { accountHandlers } from './handlers/accounts';
import { alertHandlers } from './handlers/alerts';
import { pushHandlers } from './handlers/push';
import { referenceHandlers } from './handlers/reference';
import { resultBetHandlers } from './handlers/resultBets';
import { updateHandlers } from './handlers/updates';
import { userHandlers } from './handlers/users';

/** The fake API every client test talks to; a request no handler answers fails the test. */
export const server = setupServer(
  ...userHandlers, ...accountHandlers, ...referenceHandlers, ...alertHandlers, ...updateHandlers, ...resultBetHandlers, ...pushHandlers,
);
