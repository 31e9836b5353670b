import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PUSH_ALLOWED_HOSTS } from '../../src/server/platform/config';
import { ARTIFACTS } from '../browser';
import { ensureBuild, startMailbox, startServer } from '../harness';
import { startInbox } from './inbox';
import { startPushService } from './pushService';
import { E2E_WORKERS, RUNS_ENV, type Run } from './run';

/** Where the first server's output of the last run is kept (the others' beside it, numbered). */
export const SERVER_LOG = join(ARTIFACTS, 'server.log');

/**
 * Once per run: the client build, a local SMTP server, a stand-in push service and, for each worker, the real server
 * on a fresh SQLite file with the demo seeded. The tests find them through the environment (RUNS_ENV), which the
 * workers inherit. Answers the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureBuild();
  mkdirSync(ARTIFACTS, { recursive: true });
  // An earlier run's logs of servers this run does not start would read as this run's.
  for (const name of readdirSync(ARTIFACTS)) if (/^server-\d+\.log$/.test(name)) rmSync(join(ARTIFACTS, name));
  const stops: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const mailbox = await startMailbox();
    stops.push(mailbox.close);
    const pushService = await startPushService();
    stops.push(pushService.close);
    const runs: Run[] = [];
    for (let slot = 0; slot < E2E_WORKERS; slot++) {
      const log = slot === 0 ? SERVER_LOG : SERVER_LOG.replace(/\.log$/, `-${slot + 1}.log`);
      const server = await startServer(mailbox.port, serverEnv(pushService.caFile), log);
      stops.push(server.stop);
      const inbox = await startInbox(mailbox.mails, pushService.requests, server.restart);
      stops.push(inbox.close);
      // The demo admin has no published password: the server prints a random one once, when it seeds the demo.
      const printed = /DEMO ADMIN ACCOUNT: admin@porra\.demo \/ password ([\w-]+)/.exec(server.logs.join(''));
      if (!printed) throw new Error('the server did not print the demo admin password');
      runs.push({
        origin: server.origin, inbox: inbox.origin, adminPassword: printed[1],
        databaseFile: server.databaseUrl.replace(/^sqlite:/, ''), pushPort: pushService.port,
      });
    }
    process.env[RUNS_ENV] = JSON.stringify(runs);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

function serverEnv(pushCaFile: string): Record<string, string> {
  return {
    // The stand-in push service is on localhost, which the server refuses unless told (PUSH_ALLOWED_HOSTS replaces
    // the list, so Chromium's own push service stays on it).
    NODE_EXTRA_CA_CERTS: pushCaFile, PUSH_ALLOWED_HOSTS: [...DEFAULT_PUSH_ALLOWED_HOSTS, 'localhost'].join(','),
    // The webhook specs' local receivers listen on 127.0.0.1, which the guard refuses unless named.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost',
    // The tests' API clients each call from an address of their own through the loopback, as a proxy forwards
    // players' calls (harness.ts, apiClient); the browser's calls come from the loopback itself.
    TRUST_PROXY: '127.0.0.1',
  };
}
