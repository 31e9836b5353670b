import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { api, createLeague, join, leagueWithMember, leagueWorld, setEmailVerified, type Person } from './testing/leagueTestKit';

/** A removed member stays out until the owner invites them again; the share link can be replaced. */

const remove = (t: TestApp, owner: Person, leagueId: number, userId: number) =>
  call(t.app, { method: 'DELETE', url: api(`/leagues/remove_user/${leagueId}/${userId}`), token: owner.token });
const invite = (t: TestApp, who: Person, leagueId: number, email: string, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'POST', url: api('/invitations', locale), token: who.token, payload: { league_id: leagueId, email } });
const joinIn = (t: TestApp, who: Person, leagueId: number, token: string | undefined, locale: 'en' | 'es') => call(t.app, {
  method: 'POST', url: api('/leagues/join', locale), token: who.token,
  payload: token === undefined ? { league_id: leagueId } : { league_id: leagueId, invitation_token: token },
});
const regenerate = (t: TestApp, who: Person, leagueId: number, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'POST', url: api(`/leagues/regenerate_share_token/${leagueId}`, locale), token: who.token });
const members = async (t: TestApp, leagueId: number) =>
  (await t.deps.db.selectFrom('league_members').select('user_id').where('league_id', '=', leagueId).orderBy('user_id').execute()).map((r) => r.user_id);

describeEachDb('membership that sticks', (ctx) => {
  it('keeps a removed member out of the share link and open join, with a translated message', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { allow_join: true });
    expect((await remove(t, w.owner, league.id, w.member.id)).statusCode).toBe(200);

    const byLink = await joinIn(t, w.member, league.id, league.share_token, 'es');
    expect([byLink.statusCode, byLink.data.error])
      .toEqual([403, 'El propietario te ha expulsado de esta liga: solo una nueva invitación suya te permite volver']);
    const open = await joinIn(t, w.member, league.id, undefined, 'en');
    expect([open.statusCode, open.data.error])
      .toEqual([403, 'The owner removed you from this league: only a new invitation from the owner lets you back in']);
    expect(await members(t, league.id)).toEqual([w.owner.id]);
    // Search no longer offers the open league to them; others still find it.
    const search = (who: Person) => call(t.app, { method: 'POST', url: api('/leagues/search'), token: who.token, payload: { text: 'office' } });
    expect((await search(w.member)).data).toEqual([]);
    expect((await search(w.other)).data).toEqual([expect.objectContaining({ id: league.id, joinable: true })]);
    expect((await join(t, w.other, league.id, league.share_token)).statusCode).toBe(200);
  });

  it('lets a member who left on their own come back by the share link', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    expect((await call(t.app, { method: 'DELETE', url: api(`/leagues/cancel/${league.id}`), token: w.member.token })).statusCode).toBe(200);
    expect((await join(t, w.member, league.id, league.share_token)).statusCode).toBe(200);
  });

  it('lifts the ban only with an invitation from the owner sent after the removal', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { allow_invite: true });
    await setEmailVerified(t, w.member);
    const helper = w.other;
    expect((await join(t, helper, league.id, league.share_token)).statusCode).toBe(200);
    await remove(t, w.owner, league.id, w.member.id);

    // Another member may not invite them back (it would be a way around the owner).
    const byMember = await invite(t, helper, league.id, w.member.email.toUpperCase(), 'es');
    expect([byMember.statusCode, byMember.data.error])
      .toEqual([409, 'El propietario expulsó a esta persona de la liga: solo él puede volver a invitarla']);
    expect(t.mailer.sent).toHaveLength(0);

    // Nor does a member's invitation that got through some other way: only the owner's lifts a ban.
    await t.deps.db.insertInto('invitations').values({
      league_id: league.id, inviter_id: helper.id, email: w.member.email, invitee_id: w.member.id, token: 'helper-invitation-token-0001',
      status: 'pending', created_at: t.clock.now(), updated_at: t.clock.now(),
    }).execute();
    expect((await joinIn(t, w.member, league.id, 'helper-invitation-token-0001', 'en')).statusCode).toBe(403);
    await t.deps.db.deleteFrom('invitations').execute();

    expect((await invite(t, w.owner, league.id, w.member.email)).statusCode).toBe(200);
    const token = (await t.deps.db.selectFrom('invitations').select('token').where('status', '=', 'pending').executeTakeFirstOrThrow()).token;
    // The share link still refuses... unless the caller holds the owner's invitation at their verified address.
    await setEmailVerified(t, w.member, false);
    expect((await joinIn(t, w.member, league.id, league.share_token, 'en')).statusCode).toBe(403);
    await setEmailVerified(t, w.member);
    const back = await joinIn(t, w.member, league.id, token, 'en');
    expect(back.statusCode).toBe(200);
    expect(await members(t, league.id)).toEqual([w.owner.id, w.member.id, helper.id].sort((a, b) => a - b));
    expect(await t.deps.db.selectFrom('league_bans').selectAll().execute()).toEqual([]);
    const row = await t.deps.db.selectFrom('invitations').select(['status', 'invitee_id']).where('token', '=', token).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'accepted', invitee_id: w.member.id });
  });

  it('lifts the ban when the removed member joins without a token with the owner invitation at their verified address', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    await setEmailVerified(t, w.member);
    await remove(t, w.owner, league.id, w.member.id);
    expect((await joinIn(t, w.member, league.id, undefined, 'en')).statusCode).toBe(403);
    await invite(t, w.owner, league.id, w.member.email);
    expect((await joinIn(t, w.member, league.id, league.share_token, 'en')).statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('league_bans').selectAll().execute()).toEqual([]);
  });

  it('bans again on a second removal', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    await setEmailVerified(t, w.member);
    await remove(t, w.owner, league.id, w.member.id);
    await invite(t, w.owner, league.id, w.member.email);
    expect((await joinIn(t, w.member, league.id, undefined, 'en')).statusCode).toBe(200);
    t.clock.advance(60_000);
    await remove(t, w.owner, league.id, w.member.id);
    expect((await joinIn(t, w.member, league.id, league.share_token, 'en')).statusCode).toBe(403);
  });
});

describeEachDb('share link regeneration', (ctx) => {
  it('replaces the share link at once: the old one neither joins nor shows the league', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Office', competition_id: w.cup.competitionId });
    const res = await regenerate(t, w.owner, league.id, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('Nuevo enlace para compartir creado: el anterior ya no funciona');
    const fresh = res.data.league.share_token as string;
    expect(fresh).toMatch(/^[\w-]{24}$/);
    expect(fresh).not.toBe(league.share_token);

    const peek = (token: string) => call(t.app, { method: 'GET', url: api(`/leagues/${league.id}?token=${token}`), token: w.member.token });
    expect((await peek(league.share_token)).statusCode).toBe(403);
    expect((await peek(fresh)).statusCode).toBe(200);
    const old = await joinIn(t, w.member, league.id, league.share_token, 'es');
    expect([old.statusCode, old.data.error]).toEqual([404, 'La invitación ya no existe']);
    expect(await members(t, league.id)).toEqual([w.owner.id]);
    expect((await join(t, w.member, league.id, fresh)).statusCode).toBe(200);
    const shown = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.member.token });
    expect(shown.data.share_token).toBe(fresh);
  });

  it('is for the owner only, and not in a finished league', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    for (const who of [w.member, w.other, w.admin]) expect((await regenerate(t, who, league.id)).statusCode).toBe(403);
    expect((await regenerate(t, w.owner, 999_999)).statusCode).toBe(404);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).execute();
    expect((await regenerate(t, w.owner, league.id)).statusCode).toBe(403);
    const row = await t.deps.db.selectFrom('leagues').select('share_token').where('id', '=', league.id).executeTakeFirstOrThrow();
    expect(row.share_token).toBe(league.share_token);
  });
});
