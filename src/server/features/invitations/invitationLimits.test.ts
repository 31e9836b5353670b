import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { api, createLeague, leagueWorld, type Person } from '../leagues/testing/leagueTestKit';
import { INVITATIONS_PER_HOUR } from './invitationsService';

/** An hourly cap per inviter, and the inviter's words limited in length and escaped in the email. */

const invite = (t: TestApp, who: Person, leagueId: number, email: string, extra: object = {}, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'POST', url: api('/invitations', locale), token: who.token, payload: { league_id: leagueId, email, ...extra } });
const invitationCount = async (t: TestApp) =>
  Number((await t.deps.db.selectFrom('invitations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describeEachDb('invitation limits', (ctx) => {
  it(`caps each person at ${INVITATIONS_PER_HOUR} invitations an hour across leagues with 429 and Retry-After`, async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const first = await createLeague(t, w.owner, { name: 'First', competition_id: w.cup.competitionId });
    const second = await createLeague(t, w.owner, { name: 'Second', competition_id: w.cup.competitionId });
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) {
      expect((await invite(t, w.owner, i % 2 ? first.id : second.id, `friend${i}@example.com`)).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    // Withdrawn invitations were still sent.
    const someId = (await t.deps.db.selectFrom('invitations').select('id').executeTakeFirstOrThrow()).id;
    expect((await call(t.app, { method: 'DELETE', url: api(`/invitations/${someId}`), token: w.owner.token })).statusCode).toBe(200);

    const refused = await invite(t, w.owner, first.id, 'one-more@example.com', {}, 'es');
    expect([refused.statusCode, refused.data.error])
      .toEqual([429, 'Has enviado demasiadas invitaciones en la última hora. Inténtalo de nuevo más tarde']);
    // The oldest one leaves the hour 60 minutes after it was sent: 40 minutes from now.
    expect(Number(refused.headers['retry-after'])).toBe(40 * 60);
    expect(await invitationCount(t)).toBe(INVITATIONS_PER_HOUR);
    expect(t.mailer.sent).toHaveLength(INVITATIONS_PER_HOUR);

    // Others are not affected.
    expect((await invite(t, w.owner, first.id, w.member.email)).statusCode).toBe(429);
    const member = await call(t.app, { method: 'POST', url: api('/leagues/join'), token: w.member.token, payload: { league_id: first.id, invitation_token: first.share_token } });
    expect(member.statusCode).toBe(200);
    await t.deps.db.updateTable('leagues').set({ allow_invite: 1 }).execute();
    expect((await invite(t, w.member, first.id, 'from-member@example.com')).statusCode).toBe(200);

    t.clock.advance(40 * 60_000);
    expect((await invite(t, w.owner, first.id, 'one-more@example.com')).statusCode).toBe(200);
  });

  it('holds the cap under concurrent invitations', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Race', competition_id: w.cup.competitionId });
    const already = INVITATIONS_PER_HOUR - 3;
    for (let i = 0; i < already; i++) await invite(t, w.owner, league.id, `early${i}@example.com`);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => invite(t, w.owner, league.id, `race${i}@example.com`)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await invitationCount(t)).toBe(INVITATIONS_PER_HOUR);
  });

  it('adds the inviter note to the email, escaped in its HTML part, and refuses notes past 500 characters', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    await t.deps.db.updateTable('users').set({ name: 'Olga <b>Owner</b>' }).where('id', '=', w.owner.id).execute();
    const league = await createLeague(t, w.owner, { name: 'Peña <img src=x onerror=alert(1)>', competition_id: w.cup.competitionId });
    const note = 'Join us!\n<script>alert("pwned")</script> & <a href="https://evil.example">prizes</a>';
    const res = await invite(t, w.owner, league.id, 'friend@example.com', { message: `  ${note}  ` });
    expect(res.statusCode).toBe(200);
    const [mail] = t.mailer.sent;
    expect(mail.text).toContain(`Olga <b>Owner</b> adds:\n\n${note}`);
    const html = mail.html!;
    expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;https://evil.example&quot;&gt;prizes&lt;/a&gt;');
    expect(html).toContain('Olga &lt;b&gt;Owner&lt;/b&gt;');
    expect(html).toContain('Peña &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<script|<img|<b>|evil\.example">/);
    const token = (await t.deps.db.selectFrom('invitations').select('token').executeTakeFirstOrThrow()).token;
    const link = `${t.deps.config.appOrigin}/leagues/join/${league.id}/${token}`;
    // The only link is the join link, once in each language of a newcomer's email.
    expect(html.match(/<a [^>]*>/g)).toEqual([`<a href="${link}">`, `<a href="${link}">`]);

    const long = await invite(t, w.owner, league.id, 'other@example.com', { message: 'x'.repeat(501) }, 'es');
    expect(long.statusCode).toBe(400);
    expect(long.data.errors).toEqual({ message: ['es demasiado largo (500 caracteres máximo)'] });
    expect((await invite(t, w.owner, league.id, 'other@example.com', { message: 'x'.repeat(500) })).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(2);
  });

  it('sends no note paragraph without a note, and keeps the subject on one line', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Office', competition_id: w.cup.competitionId });
    await t.deps.db.updateTable('leagues').set({ name: 'Office\r\nBcc: spam@example.com' }).execute();
    expect((await invite(t, w.owner, league.id, 'friend@example.com', { message: '   ' })).statusCode).toBe(200);
    const [mail] = t.mailer.sent;
    expect(mail.subject).toBe('Olga Owner invites you to the league Office Bcc: spam@example.com on Porra · Olga Owner te invita a la liga Office Bcc: spam@example.com en Porra');
    expect(mail.text).not.toContain('adds:');
    expect(mail.html).not.toContain('<blockquote>');
  });
});
