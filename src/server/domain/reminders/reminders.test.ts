import { call, describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { smtpMailer } from '../../platform/mail/mailer';
import { reminderWorld } from '../../platform/push/testing/reminderWorld';
import { createScheduler } from '../../scheduledJobs';
import { startLocalSmtpServer, type LocalSmtpServer } from './testing/localSmtpServer';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

let smtp: LocalSmtpServer;
beforeAll(async () => { smtp = await startLocalSmtpServer(); });
afterAll(async () => { await smtp.close(); });

describeEachDb('reminder emails', (ctx) => {
  beforeEach(() => {
    smtp.received.length = 0;
    ctx().deps.mailer = smtpMailer(smtp.url, 'Porra <no-reply@porra.local>');
  });

  it('reach a real SMTP server, only for members who opted in and have bets pending, in their language', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token });
    expect(res.data).toMatchObject({ notified: 2 });
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([world.ana.email, world.carla.email].sort());
    const ana = smtp.received.find((m) => m.to[0] === world.ana.email)!;
    expect(ana.from).toBe('no-reply@porra.local');
    expect(ana.subject).toBe('Porra: tus apuestas cierran pronto');
    expect(ana.text).toContain('Hola Ana:');
    expect(ana.text).toContain('Todavía tienes apuestas pendientes que cierran en las próximas 24 horas:');
    expect(ana.text).toContain('- Oficina: 4 partidos');
    expect(ana.text).toContain(`${t.deps.config.appOrigin}/result_bets/new?league_id=${world.leagueId}&matchday=1`);
    const carla = smtp.received.find((m) => m.to[0] === world.carla.email)!;
    expect(carla.subject).toBe('Porra: your bets close soon');
    expect(carla.text).toContain('Hello Carla,');
    expect(carla.text).toContain('- Oficina: 3 matches');
  });

  it('never email an address that is not verified', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    await t.deps.db.updateTable('users').set({ email_verified: 0 }).where('id', '=', world.carla.id).execute();
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token });
    expect(res.data).toMatchObject({ notified: 1 });
    expect(smtp.received.map((m) => m.to[0])).toEqual([world.ana.email]);
  });

  it('include picks closing within 24 hours when the league plays them', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    await t.deps.db.updateTable('leagues').set({ round_bets_enabled: 1, person_bets_enabled: 1 }).where('id', '=', world.leagueId).execute();
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token });
    // Bob placed every result bet but no pick: now he is reminded too.
    expect(res.data).toMatchObject({ notified: 3 });
    const bob = smtp.received.find((m) => m.to[0] === world.bob.email)!;
    expect(bob.text).toContain('picks still to make');
    expect(bob.text).not.toContain('matches, the first closing');
  });

  it('the scheduler reminds each member of a matchday once; the admin may still remind again', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    const scheduler = createScheduler(t.deps, { updateEveryMinutes: 1, notifyEveryMinutes: 60, wakeEveryMs: 3_600_000 });
    try {
      await scheduler.tick();
      expect(smtp.received).toHaveLength(2);
      t.clock.advance(61 * 60_000);
      await scheduler.tick();
      expect(smtp.received).toHaveLength(2);
      // An admin's notify is explicit: it reminds everyone with something pending again.
      const admin = await createUserWithToken(t.deps, { is_admin: true });
      await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token });
      expect(smtp.received.filter((m) => m.to[0] === world.ana.email)).toHaveLength(2);
      expect(smtp.received).toHaveLength(4);
    } finally {
      await scheduler.stop();
    }
  });
});
