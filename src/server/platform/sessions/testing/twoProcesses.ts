import { buildApp } from '../../../app';
import { ManualClock } from '../../../testing/manualClock';
import type { DatabaseHandle } from '../../db/database';
import { CapturingMailer, openTestDatabase, testConfig } from '../../../testing/harness';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Test kit: two server processes over one fresh PostgreSQL database, each caching signed-in callers for a minute, so a
 * test can tell a revocation that reaches the other process at once from the cache's lifetime. Registers the
 * suite's beforeEach/afterEach; call inside a describe.
 */
export function twoProcessesOnPostgres(): () => { one: App; other: App } {
  let database: DatabaseHandle;
  let apps: { one: App; other: App };
  beforeEach(async () => {
    database = await openTestDatabase('postgres');
    const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
    const options = { config: testConfig({ sessionCacheSeconds: 60 }), database, clock, mailer: new CapturingMailer(), logger: false as const };
    apps = { one: await buildApp(options), other: await buildApp(options) };
  });
  afterEach(async () => {
    await apps.one.app.close();
    await apps.other.app.close();
    await database.close();
  });
  return () => apps;
}
