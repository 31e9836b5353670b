import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PUSH_ALLOWED_HOSTS } from '../../src/server/platform/config';
import { ARTIFACTS } from '../browser';
import { ensureBuild, startMailbox, startServer } from '../harness';
import { startInbox } from './inbox';
import { startPushService } from './pushService';
import { RUN_ENV } from './run';

/** Where the server's output of the last run is kept. */
export const SERVER_LOG = join(ARTIFACTS, 'server.log');

/**
 * Once per run: the client build, a local SMTP server, a stand-in push service and the real server on a fresh
 * SQLite file with the demo seeded. The tests find them through the environment (RUN_ENV), which the workers
 * inherit. Answers the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureBuild();
  mkdirSync(ARTIFACTS, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const mailbox = await startMailbox();
    stops.push(mailbox.close);
    const pushService = await startPushService();
    stops.push(pushService.close);
    // The stand-in push service is on localhost, which the server refuses unless told (PUSH_ALLOWED_HOSTS replaces
    // the list, so Chromium's own push service stays on it).
    const server = await startServer(mailbox.port, {
      NODE_EXTRA_CA_CERTS: pushService.caFile, PUSH_ALLOWED_HOSTS: [...DEFAULT_PUSH_ALLOWED_HOSTS, 'localhost'].join(','),
      // The webhook specs' local receivers listen on 127.0.0.1, which the guard refuses unless named.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost',
      // The tests' API clients each call from an address of their own through the loopback, as a proxy forwards
      // players' calls (harness.ts, apiClient); the browser's calls come from the loopback itself.
      TRUST_PROXY: '127.0.0.1',
    }, SERVER_LOG);
    stops.push(server.stop);
    const inbox = await startInbox(mailbox.mails, pushService.requests, server.restart);
    stops.push(inbox.close);
    // The demo admin has no published password: the server prints a random one once, when it seeds the demo.
    const printed = /DEMO ADMIN ACCOUNT: admin@porra\.demo \/ password ([\w-]+)/.exec(server.logs.join(''));
    if (!printed) throw new Error('the server did not print the demo admin password');
    Object.assign(process.env, {
      [RUN_ENV.origin]: server.origin,
      [RUN_ENV.inbox]: inbox.origin,
      [RUN_ENV.adminPassword]: printed[1],
      [RUN_ENV.databaseFile]: server.databaseUrl.replace(/^sqlite:/, ''),
      [RUN_ENV.pushPort]: String(pushService.port),
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
