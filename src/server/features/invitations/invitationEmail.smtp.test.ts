import { buildApp } from '../../app';
import { ManualClock } from '../../testing/manualClock';
import { smtpMailer } from '../../platform/mail/mailer';
import { startLocalSmtpServer, type LocalSmtpServer } from '../../domain/reminders/testing/localSmtpServer';
import { createUserWithToken } from '../../testing/fixtures';
import { CapturingMailer, DB_KINDS, call, openTestDatabase, testConfig, type TestApp } from '../../testing/harness';
import { api, createLeague, leagueWorld } from '../leagues/testing/leagueTestKit';

/** The invitation travels through real SMTP (nodemailer -> a local smtp-server), in the invitee's language. */
describe.each(DB_KINDS)('invitation email over SMTP [%s]', (kind) => {
  let smtp: LocalSmtpServer;
  let t: TestApp;

  beforeEach(async () => {
    smtp = await startLocalSmtpServer();
    const database = await openTestDatabase(kind);
    const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
    const config = testConfig({ smtpUrl: smtp.url });
    const { app, deps, lifecycle } = await buildApp({ config, database, clock, mailer: smtpMailer(smtp.url, config.mailFrom), logger: false });
    t = { kind, app, deps, clock, mailer: new CapturingMailer(), database, lifecycle, close: async () => { await app.close(); await database.close(); } };
  });
  afterEach(async () => { await t.close(); await smtp.close(); });

  it('reaches a registered invitee in Spanish and an unregistered one in both languages, the inviter\'s first, with the join link', async () => {
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Peña del barrio', competition_id: w.cup.competitionId });
    const guest = await createUserWithToken(t.deps, { name: 'Gustavo', locale: 'es' });

    const toGuest = await call(t.app, { method: 'POST', url: api('/invitations', 'en'), token: w.owner.token, payload: { league_id: league.id, email: guest.email } });
    const toStranger = await call(t.app, { method: 'POST', url: api('/invitations', 'en'), token: w.owner.token, payload: { league_id: league.id, email: 'stranger@example.com' } });
    expect([toGuest.statusCode, toStranger.statusCode]).toEqual([200, 200]);

    const deadline = Date.now() + 5000;
    while (smtp.received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const tokens = await t.deps.db.selectFrom('invitations').select(['email', 'token']).execute();
    const tokenOf = (email: string) => tokens.find((r) => r.email === email)!.token;

    const guestMail = smtp.received.find((m) => m.to.includes(guest.email))!;
    expect(guestMail.subject).toContain('te invita a la liga Peña del barrio');
    expect(guestMail.text).toContain(`/leagues/join/${league.id}/${tokenOf(guest.email)}`);
    // The HTML alternative carries the same link, as the only link.
    expect(guestMail.html).toContain(`<a href="${t.deps.config.appOrigin}/leagues/join/${league.id}/${tokenOf(guest.email)}">`);
    expect(guestMail.html).toContain('Peña del barrio');

    const strangerMail = smtp.received.find((m) => m.to.includes('stranger@example.com'))!;
    expect(strangerMail.subject).toMatch(/^Olga Owner invites you .* · Olga Owner te invita /);
    expect(guestMail.subject).not.toContain('invites you');
    expect(strangerMail.text).toContain(`/leagues/join/${league.id}/${tokenOf('stranger@example.com')}`);
  });
});
