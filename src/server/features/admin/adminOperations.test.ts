import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationProvider } from '../../platform/db/migrations/index';
import { createCup } from '../../testing/competitionFixture';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { until } from '../../testing/processWatch';
import { createScheduler } from '../../scheduledJobs';

const api = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;
const HOUR = 3_600_000;
const get = async (t: TestApp, path: string, token: string) => (await call(t.app, { method: 'GET', url: api(path), token })).data;

describeEachDb('admin console: process history', (ctx) => {
  it('records every run, scheduled or manual, with who started it, how long it took and what it changed', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root' });
    const cup = await createCup(t.deps.db, { start: t.clock.now() + 2 * HOUR });

    const scheduler = createScheduler(t.deps, { updateEveryMinutes: 1, notifyEveryMinutes: 1, wakeEveryMs: 3_600_000 });
    await scheduler.tick();
    await scheduler.stop();
    t.clock.advance(1000);
    expect((await call(t.app, { method: 'POST', url: api(`/update/update_competition_points/${cup.competitionId}`), token: root.token })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await call(t.app, { method: 'POST', url: api('/update/notify'), token: root.token })).statusCode).toBe(200);

    const history = await get(t, '/admin/processes?include_idle=true', root.token);
    expect(history.total).toBe(4);
    const described = history.runs.map((r: { kind: string; trigger: string; started_by: { name: string } | null }) => [r.kind, r.trigger, r.started_by?.name ?? null]);
    expect(described.slice(0, 2)).toEqual([['notify', 'manual', 'Root'], ['update_competition_points', 'manual', 'Root']]);
    // The scheduler's two jobs start in the same tick, in either order.
    expect(described.slice(2).sort()).toEqual([['notify', 'scheduled', null], ['update', 'scheduled', null]]);
    const points = history.runs[1];
    expect(points).toMatchObject({
      outcome: 'done', competition: { id: cup.competitionId }, recomputed_bets: 0, updated_matches: null, error: null,
      started_at: new Date(t.clock.now() - 1000).toISOString(), duration_ms: 0,
    });
    expect(history.runs[0]).toMatchObject({ kind: 'notify', notified: 0, outcome: 'done' });
    expect(history.runs.find((r: { kind: string }) => r.kind === 'update')).toMatchObject({ updated_matches: 0, competition: null });
    // The cup is synced next when the scheduler's update is due; with the scheduler off, never.
    const due = await t.deps.db.selectFrom('scheduled_jobs').select('next_due_at').where('name', '=', 'update').executeTakeFirstOrThrow();
    expect((await get(t, '/admin/competitions', root.token)).competitions[0].next_sync_at).toBe(new Date(due.next_due_at).toISOString());
    t.deps.config.autoUpdateMinutes = 0;
    expect((await get(t, '/admin/competitions', root.token)).competitions[0].next_sync_at).toBeNull();

    // Filters and pages.
    expect((await get(t, '/admin/processes?kind=notify&include_idle=true', root.token)).runs.map((r: { trigger: string }) => r.trigger)).toEqual(['manual', 'scheduled']);
    expect((await get(t, '/admin/processes?outcome=failed', root.token)).total).toBe(0);
    const second = await get(t, '/admin/processes?per_page=3&page=2&include_idle=true', root.token);
    expect(second).toMatchObject({ total: 4, page: 2, per_page: 3 });
    expect(second.runs).toHaveLength(1);
    expect((await call(t.app, { method: 'GET', url: api('/admin/processes?kind=deploy'), token: root.token })).statusCode).toBe(400);
  });

  it('records a failed run with its error, and the competition\'s failed sync next to its last successful one', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true });
    const now = t.clock.now();
    const { id } = await t.deps.db.insertInto('competitions').values({
      name: 'Lost file', competition_type: 'league', provider: 'openfootball', provider_ref: '/nonexistent/lost.json', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const res = await call(t.app, { method: 'POST', url: api(`/update/update_competition/${id}`), token: root.token });
    expect(res.statusCode).toBe(502);
    const [run] = (await get(t, '/admin/processes?outcome=failed', root.token)).runs;
    expect(run).toMatchObject({ kind: 'update_competition', outcome: 'failed', competition: { id, name: 'Lost file' } });
    expect(run.error).toMatch(/could not read \/nonexistent\/lost.json/);
    const [competition] = (await get(t, '/admin/competitions', root.token)).competitions;
    expect(competition).toMatchObject({ last_sync: { outcome: 'failed', error: expect.stringMatching(/lost.json/) }, last_successful_sync_at: null });
  });

  it('shows a run in progress as running', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true });
    const { recordProcessRun } = await import('../../platform/processRuns/processRuns');
    let seen: unknown;
    await recordProcessRun(t.deps, { kind: 'update_all', trigger: 'scheduled' }, async () => {
      seen = (await get(t, '/admin/processes', root.token)).runs[0];
      return { updated_matches: 3 };
    });
    expect(seen).toMatchObject({ kind: 'update_all', outcome: 'running', finished_at: null, duration_ms: null, updated_matches: null });
    expect((await get(t, '/admin/processes', root.token)).runs[0]).toMatchObject({ outcome: 'done', updated_matches: 3 });
  });

  it('closes as failed a run its server process left running, once the next run of the same lock starts', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true });
    const cup = await createCup(t.deps.db, { start: t.clock.now() + 2 * HOUR });
    const now = t.clock.now();
    const stale = (kind: string, competitionId: number | null) => t.deps.db.insertInto('process_runs')
      .values({ kind, trigger: 'scheduled', competition_id: competitionId, started_at: now - HOUR, outcome: 'running' }).returning('id').executeTakeFirstOrThrow();
    const [notify, points, update] = [await stale('notify', null), await stale('update_competition_points', cup.competitionId), await stale('update', null)];
    await call(t.app, { method: 'POST', url: api('/update/notify'), token: root.token });
    await call(t.app, { method: 'POST', url: api(`/update/update_competition/${cup.competitionId}`), token: root.token });
    const runs = (await get(t, '/admin/processes?per_page=10', root.token)).runs as { id: number; outcome: string; error: string | null; finished_at: string | null }[];
    const byId = new Map(runs.map((run) => [run.id, run]));
    for (const closed of [notify, points]) {
      expect(byId.get(closed.id)).toMatchObject({ outcome: 'failed', error: 'Interrupted: the server stopped before the run ended', finished_at: new Date(now).toISOString() });
    }
    // No update ran since: that one may still be going in another server process.
    expect(byId.get(update.id)).toMatchObject({ outcome: 'running', finished_at: null });
  });
});

describeEachDb('admin console: process history without idle scheduled runs', (ctx) => {
  const HISTORY = [
    { kind: 'update', trigger: 'scheduled', outcome: 'done', updated_matches: 0, recomputed_bets: 0 },
    { kind: 'notify', trigger: 'scheduled', outcome: 'done', notified: 0 },
    { kind: 'update', trigger: 'scheduled', outcome: 'done', updated_matches: 2, recomputed_bets: 0 },
    { kind: 'notify', trigger: 'scheduled', outcome: 'done', notified: 3 },
    { kind: 'update', trigger: 'scheduled', outcome: 'failed', updated_matches: null },
    { kind: 'update', trigger: 'scheduled', outcome: 'running' },
    { kind: 'backup', trigger: 'scheduled', outcome: 'done' },
    { kind: 'update', trigger: 'manual', outcome: 'done', updated_matches: 0, recomputed_bets: 0 },
  ] as const;

  async function seed(t: TestApp) {
    const now = t.clock.now();
    for (const [i, run] of HISTORY.entries()) {
      await t.deps.db.insertInto('process_runs').values({
        kind: run.kind, trigger: run.trigger, outcome: run.outcome, started_at: now - (HISTORY.length - i) * 60_000,
        finished_at: run.outcome === 'running' ? null : now - (HISTORY.length - i) * 60_000 + 10,
        updated_matches: 'updated_matches' in run ? run.updated_matches : null,
        recomputed_bets: 'recomputed_bets' in run ? run.recomputed_bets : null,
        notified: 'notified' in run ? run.notified : null,
      }).execute();
    }
  }
  const shape = (runs: { kind: string; trigger: string; outcome: string }[]) => runs.map((r) => `${r.trigger} ${r.kind} ${r.outcome}`);

  it('hides scheduled runs that ended well and changed nothing unless include_idle=true; counts and pages follow', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true });
    await seed(t);
    const shown = await get(t, '/admin/processes', root.token);
    expect(shown.total).toBe(6);
    expect(shape(shown.runs)).toEqual([
      'manual update done', 'scheduled backup done', 'scheduled update running', 'scheduled update failed', 'scheduled notify done', 'scheduled update done',
    ]);
    expect(shown.runs.find((r: { kind: string }) => r.kind === 'notify')).toMatchObject({ notified: 3 });
    expect((await get(t, '/admin/processes?include_idle=false&kind=update', root.token)).total).toBe(4);
    const all = await get(t, '/admin/processes?include_idle=true', root.token);
    expect(all.total).toBe(8);
    expect(shape(all.runs).slice(-2)).toEqual(['scheduled notify done', 'scheduled update done']);
    expect(await get(t, '/admin/processes?include_idle=true&per_page=2&page=4', root.token)).toMatchObject({ total: 8, runs: [{ kind: 'notify' }, { kind: 'update' }] });
  });

  it('answers a translated 400 for a bad include_idle and 403 to a member who is not an admin', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true });
    const member = await createUserWithToken(t.deps, {});
    for (const [locale, text] of [['en', /invalid|not valid/i], ['es', /no (es )?válid/i]] as const) {
      const bad = await call(t.app, { method: 'GET', url: api('/admin/processes?include_idle=sometimes', locale), token: root.token });
      expect(bad.statusCode).toBe(400);
      expect(bad.data.error).toMatch(text);
    }
    expect((await call(t.app, { method: 'GET', url: api('/admin/processes?include_idle=true'), token: member.token })).statusCode).toBe(403);
  });
});

describeEachDb('admin console: mail, notifications and settings', (ctx) => {
  it('lists emails sent and failed without their bodies; the test email reports the mail server\'s answer', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root', email: 'root@example.com', email_verified: true });
    const sent = await call(t.app, { method: 'POST', url: api('/admin/mail/test', 'es'), token: root.token, payload: {} });
    expect(sent.statusCode).toBe(200);
    expect(sent.data.message).toBe('Email de prueba enviado a root@example.com');
    expect(t.mailer.sent).toEqual([expect.objectContaining({ kind: 'test', to: 'root@example.com', subject: 'Email de prueba de Porra' })]);

    t.mailer.send = async () => { throw new Error('550 mailbox unavailable'); };
    const failed = await call(t.app, { method: 'POST', url: api('/admin/mail/test'), token: root.token, payload: {} });
    expect(failed.statusCode).toBe(502);
    expect(failed.data.error).toBe('The email could not be sent: 550 mailbox unavailable');
    // A mail with a link: the outbox shows its kind and subject, never the token.
    await call(t.app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: 'root@example.com' } } });
    // The reset mail leaves after the answer: its row is written, then settled, after it.
    const outbox = await until('the reset mail settled in the log', () => get(t, '/admin/mail', root.token),
      (log) => log.mails.length === 3 && log.mails.every((mail: { status: string }) => mail.status !== 'queued'), 10_000);
    expect(outbox.total).toBe(3);
    expect(outbox.mails.map((m: { kind: string; to: string; status: string; error: string | null }) => [m.kind, m.to, m.status, m.error])).toEqual([
      ['password_reset', 'root@example.com', 'failed', '550 mailbox unavailable'],
      ['test', 'root@example.com', 'failed', '550 mailbox unavailable'],
      ['test', 'root@example.com', 'sent', null],
    ]);
    expect(JSON.stringify(outbox)).not.toMatch(/reset_password_token|Hello/);
    expect((await get(t, '/admin/mail?status=sent', root.token)).mails).toHaveLength(1);
  });

  it('shows a mail the mail server has not answered yet as queued, then as sent once it answers', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root', email: 'root@example.com', email_verified: true });
    let answer!: () => void;
    const delivered = t.mailer.send.bind(t.mailer);
    t.mailer.send = (email) => new Promise<void>((done) => { answer = () => { void delivered(email).then(done); }; });
    const sending = call(t.app, { method: 'POST', url: api('/admin/mail/test'), token: root.token, payload: {} });
    const statuses = async () => (await get(t, '/admin/mail', root.token)).mails.map((m: { status: string }) => m.status);
    for (let tries = 0; (await statuses()).length === 0 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await statuses()).toEqual(['queued']);
    expect((await get(t, '/admin/mail?status=queued', root.token)).total).toBe(1);
    answer();
    expect((await sending).statusCode).toBe(200);
    expect(await statuses()).toEqual(['sent']);
    expect((await get(t, '/admin/mail?status=queued', root.token)).total).toBe(0);
  });

  it('sends the test email only to the admin\'s own verified address', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, email: 'root@example.com', email_verified: true });
    const other = await call(t.app, { method: 'POST', url: api('/admin/mail/test'), token: root.token, payload: { to: 'victim@example.org' } });
    expect(other.statusCode).toBe(400);
    const unverified = await createUserWithToken(t.deps, { is_admin: true, email: 'new-admin@example.com' });
    const refused = await call(t.app, { method: 'POST', url: api('/admin/mail/test', 'es'), token: unverified.token, payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.error).toBe('El email de prueba solo se envía a tu propia dirección: verifícala primero (con el enlace del email que te enviamos)');
    expect(t.mailer.sent).toEqual([]);
    expect((await get(t, '/admin/mail', root.token)).total).toBe(0);
  });

  it('counts push subscriptions and shows the last reminder run', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true });
    const ana = await createUserWithToken(t.deps);
    expect(await get(t, '/admin/mail', root.token)).toMatchObject({ push: { subscriptions: 0, users: 0 }, last_reminder_run: null });
    for (const [token, endpoint] of [[ana.token, 'a'], [ana.token, 'b'], [root.token, 'c']] as const) {
      const res = await call(t.app, {
        method: 'POST', url: api('/subscribe'), token,
        payload: { subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/${endpoint}`, keys: { p256dh: 'BPublicKey', auth: 'AuthSecret' } } },
      });
      expect(res.statusCode).toBe(200);
    }
    await call(t.app, { method: 'POST', url: api('/update/notify'), token: root.token });
    const view = await get(t, '/admin/mail', root.token);
    expect(view.push).toEqual({ subscriptions: 3, users: 2 });
    expect(view.last_reminder_run).toMatchObject({ kind: 'notify', outcome: 'done', started_by: { id: root.id } });
  });

  it('shows the effective settings with secrets masked, the app version and the last migration', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true });
    t.deps.config = {
      ...t.deps.config, smtpUrl: 'smtp://mailer:s3cret@pass@smtp.example.com:587', footballDataToken: 'fd-token-123', metricsToken: null,
      // Passwords with "@" and "/" unencoded, and credentials in query parameters.
      databaseUrl: 'postgres://porra:db/p@ss@db.example.com/porra?sslmode=require&password=q-pass&sslpassword=k-pass',
      footballDataUrl: 'https://api.example.com/v4?api_key=url-key#top',
    };
    const res = await call(t.app, { method: 'GET', url: api('/admin/settings'), token: root.token });
    expect(res.statusCode).toBe(200);
    const migrations = Object.keys(await migrationProvider(t.kind).getMigrations()).sort();
    expect(res.data).toMatchObject({ app_version: expect.stringMatching(/^\d+\.\d+\.\d+/), schema_version: migrations.at(-1), database: t.kind });
    const settings = Object.fromEntries(res.data.settings.map((s: { key: string; value: string | null; secret: boolean }) => [s.key, [s.value, s.secret]]));
    expect(settings).toMatchObject({
      SMTP_URL: ['smtp://mailer:********@smtp.example.com:587', true],
      DATABASE_URL: ['postgres://porra:********@db.example.com/porra?sslmode=require&password=********&sslpassword=********', true],
      FOOTBALL_DATA_URL: ['https://api.example.com/v4?api_key=********#top', true],
      APP_ORIGIN: [t.deps.config.appOrigin, false],
      FOOTBALL_DATA_TOKEN: ['********', true],
      METRICS_TOKEN: [null, true],
      SESSION_DAYS: ['30', false],
      OVERLOAD_RETRY_AFTER_SECONDS: ['10', false],
      METRICS_OPEN: [expect.any(String), false],
      LOG_HMAC_KEY_FILE: [expect.any(String), false],
    });
    // Each setting is named as the environment variable that sets it: the configuration reads every one of them.
    const configSource = readFileSync(join(__dirname, '../../platform/config.ts'), 'utf8');
    for (const key of Object.keys(settings)) expect([key, configSource.includes(`'${key}'`) || configSource.includes(`env.${key}`)]).toEqual([key, true]);
    expect(res.body).not.toMatch(/s3cret|pass@|fd-token-123|p@ss|q-pass|k-pass|url-key/);
  });
});
