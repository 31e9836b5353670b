import { buildApp } from './app';
import { ManualClock } from './testing/manualClock';
import { openDatabase, type DatabaseHandle } from './platform/db/database';
import type { AppDeps } from './platform/deps';
import { CapturingMailer, DB_KINDS, openTestDatabase, testConfig, type DbKind } from './testing/harness';
import { importFootballData } from './domain/providers/footballData/footballDataImport';
import { startFakeFootballData, type FakeFootballData } from './domain/providers/footballData/testing/fakeFootballData';
import { reminderWorld } from './platform/push/testing/reminderWorld';
import { createScheduler, startScheduler } from './scheduledJobs';

/** Each app's own mailer (deps.mailer wraps it to record mail_log rows). */
const mailers = new WeakMap<AppDeps, CapturingMailer>();

/**
 * Server processes sharing one database. On PostgreSQL: two apps, each with its own connection pool on the same
 * schema, as two processes behind a load balancer. SQLite is one process's database, so there both schedulers
 * share one app.
 */
async function twoServers(kind: DbKind, clock: ManualClock) {
  const first = await openTestDatabase(kind);
  let second: DatabaseHandle = first;
  if (kind === 'postgres') {
    const schema = (await first.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    second = openDatabase(url.toString(), { poolSize: 5 });
  }
  const build = async (database: DatabaseHandle) => {
    const mailer = new CapturingMailer();
    const built = await buildApp({ config: testConfig(), database, clock, mailer, logger: false });
    mailers.set(built.deps, mailer);
    return built;
  };
  const a = await build(first);
  const b = second === first ? a : await build(second);
  return {
    servers: [a, b],
    async close() {
      await a.app.close();
      if (b !== a) { await b.app.close(); await second.close(); }
      await first.close();
    },
  };
}

const emailsSent = (deps: AppDeps[]) => [...new Set(deps)].reduce((n, d) => n + mailers.get(d)!.sent.length, 0);

// Two apps and a slow provider on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

let fake: FakeFootballData;
beforeAll(async () => { fake = await startFakeFootballData(); });
afterAll(async () => { await fake.close(); });

describe.each(DB_KINDS)('scheduler [%s]', (kind) => {
  it('with two server processes, each job runs exactly once: the other finds the lock taken', async () => {
    const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
    const { servers, close } = await twoServers(kind, clock);
    try {
      const deps = servers.map((s) => s.deps);
      for (const d of deps) Object.assign(d.config, { footballDataUrl: fake.baseUrl, footballDataToken: 'test-token', footballDataRequestsPerMinute: 1000 });
      await importFootballData(deps[0], 'WC');
      await reminderWorld({ ...servers[0], clock } as never);
      // The final is being played and the provider is slow: whoever takes `update` holds it a while.
      const final = fake.world.matches[15];
      clock.set(Date.parse(final.utcDate) + 30 * 60_000);
      fake.requests.length = 0;
      fake.delayMs = 1000;
      const schedulers = deps.map((d) => createScheduler(d, { updateEveryMinutes: 1, notifyEveryMinutes: 60, wakeEveryMs: 3_600_000 }));
      try {
        await Promise.all(schedulers.map((s) => s.tick()));
        expect(fake.requests.filter((r) => r.path.endsWith('/matches'))).toHaveLength(1);
        expect(await deps[0].db.selectFrom('process_locks').selectAll().execute()).toEqual([]);
        // A minute later `update` is due again (once more in all); `notify` is not due for an hour.
        clock.advance(61_000);
        await Promise.all(schedulers.map((s) => s.tick()));
        expect(fake.requests.filter((r) => r.path.endsWith('/matches'))).toHaveLength(2);
      } finally {
        await Promise.all(schedulers.map((s) => s.stop()));
        fake.delayMs = 0;
      }
    } finally {
      await close();
    }
  });

  it('runs a full sync (update_all) once per period, picking up what the live updates do not ask for', async () => {
    const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
    const { servers, close } = await twoServers(kind, clock);
    try {
      const { deps } = servers[0];
      Object.assign(deps.config, { footballDataUrl: fake.baseUrl, footballDataToken: 'test-token', footballDataRequestsPerMinute: 1000 });
      const { competitionId } = await importFootballData(deps, 'WC');
      fake.requests.length = 0;
      const scheduler = createScheduler(deps, { updateEveryMinutes: 1, notifyEveryMinutes: 60, fullSyncEveryMinutes: 360, wakeEveryMs: 3_600_000 });
      try {
        await scheduler.tick();
        expect(fake.requests).toHaveLength(0); // nothing is being played, and no full sync is due yet
        // Days before the final, the provider corrects the third-place match's date.
        const third = fake.world.matches[14];
        third.utcDate = '2026-06-16T20:00:00.000Z';
        clock.advance(361 * 60_000);
        await scheduler.tick();
        expect(fake.requests.map((r) => r.path)).toEqual(['/v4/competitions/WC/teams', '/v4/competitions/WC/matches', '/v4/competitions/WC/scorers']);
        const row = await deps.db.selectFrom('matches').select('date').where('competition_id', '=', competitionId).where('round_id', '=', 9).executeTakeFirstOrThrow();
        expect(row.date).toBe(Date.parse('2026-06-16T20:00:00Z'));
      } finally {
        await scheduler.stop();
        fake.world.matches[14].utcDate = new Date(Date.parse(fake.world.matches[0].utcDate) + 6 * 86_400_000).toISOString();
      }
    } finally {
      await close();
    }
  });

  it('sends reminders once across processes', async () => {
    const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
    const { servers, close } = await twoServers(kind, clock);
    try {
      const deps = servers.map((s) => s.deps);
      await reminderWorld({ ...servers[0], clock } as never);
      const schedulers = deps.map((d) => createScheduler(d, { updateEveryMinutes: 1, notifyEveryMinutes: 60, wakeEveryMs: 3_600_000 }));
      try {
        await Promise.all(schedulers.map((s) => s.tick()));
        // Ana and Carla have bets pending and opted in (Bob opted in with nothing pending): two emails, not four.
        expect(emailsSent(deps)).toBe(2);
        clock.advance(60 * 60_000);
        await Promise.all(schedulers.map((s) => s.tick()));
        expect(emailsSent(deps)).toBe(2);
      } finally {
        await Promise.all(schedulers.map((s) => s.stop()));
      }
    } finally {
      await close();
    }
  });
});

describe('startScheduler', () => {
  it('starts only when AUTO_UPDATE_MINUTES, BACKUP_EVERY_HOURS or WEBHOOK_DELIVERY_SECONDS is above 0', () => {
    const deps = { config: testConfig({ autoUpdateMinutes: 0, webhookDeliverySeconds: 0 }) } as AppDeps;
    expect(startScheduler(deps)).toBeNull();
  });
});
