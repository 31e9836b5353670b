import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { api, createLeague, join, leagueWorld, setEmailVerified, type Person } from '../leagues/testing/leagueTestKit';

/** An invitation addressed to an email is claimable only by an account whose address is verified. */

const get = (t: TestApp, who: Person, path: string) => call(t.app, { method: 'GET', url: api(path), token: who.token });

async function invitedWorld(t: TestApp) {
  const w = await leagueWorld(t);
  const league = await createLeague(t, w.owner, { name: 'Closed', competition_id: w.cup.competitionId });
  // Someone signed up with the invitee's address but never confirmed it.
  const squatter = await createUserWithToken(t.deps, { name: 'Squatter', email: 'victim@example.com' });
  await setEmailVerified(t, squatter, false);
  const sent = await call(t.app, {
    method: 'POST', url: api('/invitations'), token: w.owner.token, payload: { league_id: league.id, email: 'Victim@Example.com' },
  });
  expect(sent.statusCode).toBe(200);
  const { token, id } = await t.deps.db.selectFrom('invitations').select(['token', 'id']).executeTakeFirstOrThrow();
  return { ...w, league, squatter, token, invitationId: id };
}

const invitationRow = (t: TestApp) => t.deps.db.selectFrom('invitations').select(['status', 'invitee_id']).executeTakeFirstOrThrow();

describeEachDb('invitations need a verified address', (ctx) => {
  it('neither lists, shows nor lets an unverified account claim an invitation to its address', async () => {
    const t = ctx();
    const w = await invitedWorld(t);
    const s = w.squatter;
    expect((await get(t, s, '/invitations/mine')).data).toEqual([]);
    const messages = (await get(t, s, '/messages/index')).data;
    expect(messages).toEqual([expect.objectContaining({ kind: 'invitation', payload: { league_name: 'Closed', inviter_name: 'Olga Owner' } })]);
    expect((await get(t, s, `/leagues/${w.league.id}`)).statusCode).toBe(403);
    const search = await call(t.app, { method: 'POST', url: api('/leagues/search'), token: s.token, payload: { text: 'closed' } });
    expect(search.data).toEqual([]);

    expect((await join(t, s, w.league.id)).statusCode).toBe(403);
    const byToken = await call(t.app, {
      method: 'POST', url: api('/leagues/join', 'es'), token: s.token, payload: { league_id: w.league.id, invitation_token: w.token },
    });
    expect([byToken.statusCode, byToken.data.error]).toEqual([403,
      'Confirma tu dirección de email para aceptar invitaciones: sigue el enlace que te enviamos o pide uno nuevo desde tu cuenta']);
    const dismiss = await call(t.app, { method: 'POST', url: api(`/invitations/dismiss/${w.invitationId}`), token: s.token });
    expect(dismiss.statusCode).toBe(403);
    expect(await invitationRow(t)).toEqual({ status: 'pending', invitee_id: s.id });
    expect(await t.deps.db.selectFrom('league_members').select('user_id').where('league_id', '=', w.league.id).execute())
      .toEqual([{ user_id: w.owner.id }]);
  });

  it('still lets an unverified account join with the share link, without settling the invitation', async () => {
    const t = ctx();
    const w = await invitedWorld(t);
    const joined = await join(t, w.squatter, w.league.id, w.league.share_token);
    expect(joined.statusCode).toBe(200);
    expect(joined.data.league).toMatchObject({ is_member: true, share_token: w.league.share_token });
    // The real owner of the address may still accept it.
    expect(await invitationRow(t)).toEqual({ status: 'pending', invitee_id: w.squatter.id });
    const bets = await get(t, w.squatter, `/result_bets/index/${w.league.id}`);
    expect(bets.statusCode).toBe(200);
  });

  it('lists, shows and accepts it once the address is verified', async () => {
    const t = ctx();
    const w = await invitedWorld(t);
    await setEmailVerified(t, w.squatter);
    expect((await get(t, w.squatter, '/invitations/mine')).data).toEqual([expect.objectContaining({ id: w.invitationId, token: w.token })]);
    expect((await get(t, w.squatter, '/messages/index')).data[0].payload.token).toBe(w.token);
    expect((await get(t, w.squatter, `/leagues/${w.league.id}`)).statusCode).toBe(200);
    expect((await join(t, w.squatter, w.league.id)).statusCode).toBe(200);
    expect(await invitationRow(t)).toEqual({ status: 'accepted', invitee_id: w.squatter.id });
  });

  it('refuses the token from any account but the verified one of the invited address; a share link stays a share link', async () => {
    const t = ctx();
    const w = await invitedWorld(t);
    await setEmailVerified(t, w.other);
    const byToken = await call(t.app, {
      method: 'POST', url: api('/leagues/join', 'es'), token: w.other.token, payload: { league_id: w.league.id, invitation_token: w.token },
    });
    expect([byToken.statusCode, byToken.data.error]).toEqual([403,
      'Esta invitación se envió a otra dirección de email: entra con la cuenta de esa dirección para aceptarla']);
    expect(await invitationRow(t)).toEqual({ status: 'pending', invitee_id: w.squatter.id });
    expect((await join(t, w.other, w.league.id, w.league.share_token)).statusCode).toBe(200);
    // The account of the address, once verified, still accepts it with the token.
    await setEmailVerified(t, w.squatter);
    expect((await join(t, w.squatter, w.league.id, w.token)).statusCode).toBe(200);
    expect(await invitationRow(t)).toEqual({ status: 'accepted', invitee_id: w.squatter.id });
  });

  it("keeps the token out of the unverified squatter's data export, so a second account cannot join with it", async () => {
    const t = ctx();
    const w = await invitedWorld(t);
    const exported = await get(t, w.squatter, '/users/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.data.sections.invitations.messages).toEqual([
      expect.objectContaining({ kind: 'invitation', content: { league_name: 'Closed', inviter_name: 'Olga Owner' } }),
    ]);
    expect(exported.body).not.toContain(w.token);
  });

  it('hides the token from an account that no longer has the invited address', async () => {
    const t = ctx();
    const w = await invitedWorld(t);
    await t.deps.db.updateTable('users').set({ email: 'squatter@example.com', email_verified: 1 }).where('id', '=', w.squatter.id).execute();
    expect((await get(t, w.squatter, '/messages/index')).data[0].payload).toEqual({ league_name: 'Closed', inviter_name: 'Olga Owner' });
    expect((await get(t, w.squatter, '/invitations/mine')).data).toEqual([]);
    expect((await join(t, w.squatter, w.league.id)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'POST', url: api(`/invitations/dismiss/${w.invitationId}`), token: w.squatter.token })).statusCode).toBe(403);
  });
});
