import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { api, createLeague, join, leagueWorld, setEmailVerified } from '../leagues/testing/leagueTestKit';

/** The invitation link's landing page reads the invitation by its token, before the invitee has an account. */

const preview = (t: TestApp, token: string, options: { locale?: 'en' | 'es'; auth?: string; ip?: string } = {}) => call(t.app, {
  method: 'GET', url: `${api('/invitations/preview', options.locale)}?token=${encodeURIComponent(token)}`, token: options.auth,
  ...(options.ip && { remoteAddress: options.ip }),
});

async function invited(t: TestApp, email = 'Newcomer@Example.com') {
  const w = await leagueWorld(t);
  const league = await createLeague(t, w.owner, { name: 'Office Cup', competition_id: w.cup.competitionId });
  await join(t, w.member, league.id, league.share_token);
  const sent = await call(t.app, { method: 'POST', url: api('/invitations'), token: w.owner.token, payload: { league_id: league.id, email } });
  expect(sent.statusCode).toBe(200);
  const row = await t.deps.db.selectFrom('invitations').select(['id', 'token']).where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  return { ...w, league, invitationId: row.id, token: row.token };
}

describeEachDb('invitation preview', (ctx) => {
  it('shows anyone holding the link the league, who invited, its rules in brief and the invited address', async () => {
    const t = ctx();
    const w = await invited(t);
    const res = await preview(t, w.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.data).toEqual({
      league: { id: w.league.id, name: 'Office Cup', competition_name: expect.any(String), members_count: 2 },
      inviter_name: 'Olga Owner',
      email: 'newcomer@example.com',
      has_account: false,
      // The classic scoring: 2 for the winner, 1 per right goal count and 1 for the exact result.
      rules: { bets_system: 'exact', best_bet_points: 5, winner_points: 2, joker_count: 0, bet_deadline_minutes: expect.any(Number) },
    });
    // Nothing that lets the holder in elsewhere: neither this token, nor the share token, nor who the members are.
    expect(res.body).not.toContain(w.token);
    expect(res.body).not.toContain(w.league.share_token);
    expect(res.body).not.toContain('Mario Member');
    // Signed in or not, the same answer.
    expect((await preview(t, w.token, { auth: w.other.token })).data).toEqual(res.data);
  });

  it('offers sign-in first when an account already has the invited address', async () => {
    const t = ctx();
    const w = await invited(t, 'nora@example.com');
    await createUserWithToken(t.deps, { name: 'Nora', email: 'NORA@example.com' });
    const res = await preview(t, w.token);
    expect(res.data).toMatchObject({ email: 'nora@example.com', has_account: true });
  });

  it('answers one translated 404 for a token that is unknown, accepted, dismissed or withdrawn', async () => {
    const t = ctx();
    const w = await invited(t);
    const unknown = await preview(t, 'A'.repeat(24), { locale: 'es' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data).toEqual({ error: 'La invitación ya no existe' });
    expect((await preview(t, 'A'.repeat(24))).data).toEqual({ error: 'The invitation does not exist anymore' });

    for (const status of ['accepted', 'dismissed', 'deleted'] as const) {
      await t.deps.db.updateTable('invitations').set({ status }).where('id', '=', w.invitationId).execute();
      const used = await preview(t, w.token, { locale: 'es' });
      expect([status, used.statusCode, used.data]).toEqual([status, 404, unknown.data]);
    }
  });

  it('answers 404 once the competition has finished', async () => {
    const t = ctx();
    const w = await invited(t);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', w.cup.competitionId).execute();
    expect((await preview(t, w.token)).statusCode).toBe(404);
  });

  it('refuses a malformed or missing token with a translated 400', async () => {
    const t = ctx();
    for (const url of [`${api('/invitations/preview', 'es')}?token=${encodeURIComponent("a'b")}`, api('/invitations/preview', 'es'),
      `${api('/invitations/preview', 'es')}?token=${'a'.repeat(65)}`]) {
      const res = await call(t.app, { method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.data).toEqual({ error: 'La petición no es válida', errors: { token: [expect.any(String)] } });
    }
  });

  it('is rate limited per client address', async () => {
    const t = ctx();
    let last = 0;
    for (let i = 0; i < 61; i += 1) last = (await preview(t, 'B'.repeat(24), { ip: '203.0.113.9' })).statusCode;
    expect(last).toBe(429);
    expect((await preview(t, 'B'.repeat(24), { ip: '203.0.113.10' })).statusCode).toBe(404);
  });
});

describeEachDb('pending invitations of the signed-in addressee', (ctx) => {
  it('lists an invitation only to the verified owner of its address, who joins it in one call', async () => {
    const t = ctx();
    const w = await invited(t, 'nora@example.com');
    const nora = await createUserWithToken(t.deps, { name: 'Nora', email: 'nora@example.com' });
    const mine = (who: { token: string }) => call(t.app, { method: 'GET', url: api('/invitations/mine'), token: who.token });
    await setEmailVerified(t, nora, false);
    expect((await mine(nora)).data).toEqual([]);
    expect((await mine(w.member)).data).toEqual([]);
    expect((await mine(w.owner)).data).toEqual([]);
    expect((await call(t.app, { method: 'GET', url: api('/invitations/mine') })).statusCode).toBe(401);

    await setEmailVerified(t, nora, true);
    const listed = (await mine(nora)).data;
    expect(listed).toEqual([expect.objectContaining({ id: w.invitationId, league: { id: w.league.id, name: 'Office Cup' }, token: w.token, inviter_name: 'Olga Owner' })]);
    expect((await join(t, nora, w.league.id, listed[0].token)).statusCode).toBe(200);
    expect((await mine(nora)).data).toEqual([]);
    expect((await preview(t, w.token)).statusCode).toBe(404);
  });
});
