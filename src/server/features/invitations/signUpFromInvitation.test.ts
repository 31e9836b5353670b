import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { accountState, PASSWORD } from '../accounts/testing/accountsTestKit';
import { api, createLeague, leagueWorld } from '../leagues/testing/leagueTestKit';

/**
 * Signing up from an invitation's page keeps where the newcomer was going: the verification link carries the page
 * (`next`), and once the address is verified the invitation's token lets them in.
 */

const signUp = (t: TestApp, email: string, next?: unknown, locale: 'en' | 'es' = 'en') => call(t.app, {
  method: 'POST', url: '/api/v1/users', headers: { 'accept-language': locale },
  payload: { api_v1_user: { name: 'Nuria', email, password: PASSWORD }, ...(next !== undefined && { next }) },
});

describeEachDb('sign-up from an invitation', (ctx) => {
  it('mails a verification link that continues to the invitation, which the verified newcomer then accepts', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Office Cup', competition_id: w.cup.competitionId });
    await call(t.app, { method: 'POST', url: api('/invitations'), token: w.owner.token, payload: { league_id: league.id, email: 'nuria@example.com' } });
    const { token: invitationToken } = await t.deps.db.selectFrom('invitations').select('token').executeTakeFirstOrThrow();
    const next = `/leagues/join/${league.id}/${invitationToken}`;

    const res = await signUp(t, 'nuria@example.com', next);
    expect(res.statusCode).toBe(200);
    const mail = t.mailer.sent.filter((m) => m.to === 'nuria@example.com' && m.text.includes('/verify_email?')).at(-1)!;
    const link = new URL(/http\S+\/verify_email\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('next')).toBe(next);

    const verified = await call(t.app, { method: 'POST', url: '/api/v1/users/verify_email', payload: { token: link.searchParams.get('token') } });
    expect(verified.statusCode).toBe(200);
    const joined = await call(t.app, {
      method: 'POST', url: api('/leagues/join'), token: res.data.token, payload: { league_id: league.id, invitation_token: invitationToken },
    });
    expect(joined.statusCode).toBe(200);
    const invitation = await t.deps.db.selectFrom('invitations').select(['status', 'invitee_id']).executeTakeFirstOrThrow();
    expect(invitation).toEqual({ status: 'accepted', invitee_id: res.data.id });
  });

  it('mails a plain verification link without next', async () => {
    const t = ctx();
    expect((await signUp(t, 'plain@example.com')).statusCode).toBe(200);
    expect(t.mailer.sent.at(-1)!.text).toMatch(/\/verify_email\?token=[\w-]+$/m);
  });

  it('refuses a next that would leave the app with a translated 400 and creates no account', async () => {
    const t = ctx();
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '', `/${'a'.repeat(300)}`, 42]) {
      const before = await accountState(t.deps);
      const res = await signUp(t, 'nuria@example.com', next, 'es');
      expect([next, res.statusCode]).toEqual([next, 400]);
      expect(res.data).toEqual({ error: 'La petición no es válida', errors: { next: expect.arrayContaining([expect.any(String)]) } });
      expect(await accountState(t.deps)).toEqual(before);
    }
    expect(t.mailer.sent).toEqual([]);
  });
});
