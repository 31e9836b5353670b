import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { api, betCounts, createLeague, join, leagueWithMember, leagueWorld, placeBets, setEmailVerified } from './testing/leagueTestKit';

describeEachDb('joining a league', (ctx) => {
  it('joins with the share token, and refuses a second join with 409', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Office', competition_id: w.cup.competitionId });
    const res = await join(t, w.member, league.id, league.share_token);
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('You joined the league');
    expect(res.data.league).toMatchObject({ id: league.id, is_member: true, members_count: 2, share_token: league.share_token });
    const again = await call(t.app, {
      method: 'POST', url: api('/leagues/join', 'es'), token: w.member.token, payload: { league_id: league.id, invitation_token: league.share_token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.data.error).toBe('El usuario ya está en la liga');
  });

  it('joins without a token only when the league allows it', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const closed = await createLeague(t, w.owner, { name: 'Closed', competition_id: w.cup.competitionId });
    const open = await createLeague(t, w.owner, { name: 'Open', competition_id: w.cup.competitionId, allow_join: true });
    expect((await join(t, w.member, closed.id)).statusCode).toBe(403);
    expect((await join(t, w.member, open.id)).statusCode).toBe(200);
  });

  it('refuses unknown leagues, wrong tokens and finished leagues with translated errors', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Office', competition_id: w.cup.competitionId });
    const post = (payload: object) => call(t.app, { method: 'POST', url: api('/leagues/join', 'es'), token: w.member.token, payload });
    const missing = await post({ league_id: 999999 });
    expect([missing.statusCode, missing.data.error]).toEqual([404, 'No se ha encontrado la liga']);
    const wrong = await post({ league_id: league.id, invitation_token: 'not-a-token' });
    expect([wrong.statusCode, wrong.data.error]).toEqual([404, 'La invitación ya no existe']);
    const other = await createLeague(t, w.owner, { name: 'Other', competition_id: w.cup.competitionId });
    const crossed = await post({ league_id: league.id, invitation_token: other.share_token });
    expect(crossed.statusCode).toBe(404);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).execute();
    const finished = await post({ league_id: league.id, invitation_token: league.share_token });
    expect([finished.statusCode, finished.data.error]).toEqual([403, 'La liga ya ha terminado']);
    const members = await t.deps.db.selectFrom('league_members').select('user_id').where('league_id', '=', league.id).execute();
    expect(members).toEqual([{ user_id: w.owner.id }]);
  });

  it('creates one membership when the same user joins ten times at once', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Race', competition_id: w.cup.competitionId, allow_join: true });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => join(t, w.member, league.id, i % 2 ? league.share_token : undefined)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const rows = await t.deps.db.selectFrom('league_members').select('user_id').where('league_id', '=', league.id).where('user_id', '=', w.member.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('creates one membership for two concurrent joins', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Pair', competition_id: w.cup.competitionId });
    const [a, b] = await Promise.all([join(t, w.member, league.id, league.share_token), join(t, w.member, league.id, league.share_token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const count = await t.deps.db.selectFrom('league_members').select((eb) => eb.fn.countAll<number>().as('n')).where('league_id', '=', league.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});

describeEachDb('leaving and removing members', (ctx) => {
  it('a member who leaves loses every bet of the league, in both modes', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    await placeBets(t, league.id, w.member.id, w.cup);
    await placeBets(t, league.id, w.owner.id, w.cup);
    const res = await call(t.app, { method: 'DELETE', url: api(`/leagues/cancel/${league.id}`, 'es'), token: w.member.token });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('Has salido de la liga');
    expect(await betCounts(t, league.id, w.member.id)).toEqual({ result: 0, round: 0, person: 0, matchday: 0 });
    // Stored matchday points are rebuilt from scored bets by the standings refresh; the owner's bets stay.
    expect(await betCounts(t, league.id, w.owner.id)).toMatchObject({ result: 2, round: 2, person: 1 });
    const again = await call(t.app, { method: 'DELETE', url: api(`/leagues/cancel/${league.id}`), token: w.member.token });
    expect(again.statusCode).toBe(403);
  });

  it('an owner who leaves hands the league to the earliest-joined member', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    t.clock.advance(60_000);
    expect((await join(t, w.other, league.id, league.share_token)).statusCode).toBe(200);
    await placeBets(t, league.id, w.owner.id, w.cup);
    const res = await call(t.app, { method: 'DELETE', url: api(`/leagues/cancel/${league.id}`), token: w.owner.token });
    expect(res.statusCode).toBe(200);
    const shown = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.member.token });
    expect(shown.data).toMatchObject({ owner_id: w.member.id, owner_name: 'Mario Member', members_count: 2 });
    expect(await betCounts(t, league.id, w.owner.id)).toEqual({ result: 0, round: 0, person: 0, matchday: 0 });
    const update = await call(t.app, { method: 'PUT', url: api(`/leagues/${league.id}`), token: w.member.token, payload: { league: { name: 'Mine now' } } });
    expect(update.statusCode).toBe(200);
  });

  it('a league whose last member leaves is deleted', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Solo', competition_id: w.cup.competitionId });
    const res = await call(t.app, { method: 'DELETE', url: api(`/leagues/cancel/${league.id}`), token: w.owner.token });
    expect(res.statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('leagues').selectAll().execute()).toEqual([]);
  });

  it('the owner removes a member and their bets; nobody else may, and not themselves', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    await join(t, w.other, league.id, league.share_token);
    await placeBets(t, league.id, w.member.id, w.cup);
    const url = (userId: number) => api(`/leagues/remove_user/${league.id}/${userId}`, 'es');
    expect((await call(t.app, { method: 'DELETE', url: url(w.member.id), token: w.other.token })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'DELETE', url: url(w.owner.id), token: w.owner.token })).statusCode).toBe(403);
    const unknown = await call(t.app, { method: 'DELETE', url: url(w.admin.id), token: w.owner.token });
    expect([unknown.statusCode, unknown.data.error]).toEqual([404, 'No se ha encontrado el usuario']);
    const res = await call(t.app, { method: 'DELETE', url: url(w.member.id), token: w.owner.token });
    expect([res.statusCode, res.data.message]).toEqual([200, 'Usuario eliminado de la liga']);
    expect(await betCounts(t, league.id, w.member.id)).toEqual({ result: 0, round: 0, person: 0, matchday: 0 });
    const members = await call(t.app, { method: 'GET', url: api(`/leagues/leagues_users/${league.id}`), token: w.owner.token });
    expect(members.data.map((m: { user_id: number }) => m.user_id)).toEqual([w.owner.id, w.other.id]);
  });
});

describeEachDb('departments', (ctx) => {
  it('the owner sets anyone department, a member only their own', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    await join(t, w.other, league.id, league.share_token);
    const post = (who: typeof w.owner, userId: number, department: string | null) => call(t.app, {
      method: 'POST', url: api('/leagues/update_department'), token: who.token, payload: { league_id: league.id, user_id: userId, department },
    });
    const byOwner = await post(w.owner, w.member.id, '  Sales  ');
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.data).toMatchObject({ message: 'Changes saved', member: { user_id: w.member.id, department: 'Sales', is_owner: false } });
    expect((await post(w.member, w.member.id, 'IT')).data.member.department).toBe('IT');
    expect((await post(w.member, w.other.id, 'IT')).statusCode).toBe(403);
    expect((await post(w.member, w.member.id, '')).data.member.department).toBeNull();
    const tooLong = await post(w.owner, w.member.id, 'x'.repeat(101));
    expect(tooLong.statusCode).toBe(400);
    const stranger = await createUserWithToken(t.deps);
    expect((await post(w.owner, stranger.id, 'X')).statusCode).toBe(404);
    const shown = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.member.token });
    expect(shown.data.department).toBeNull();
  });
});

describeEachDb('league search', (ctx) => {
  it('finds joinable leagues and leagues the caller is invited to by normalised name', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const open = await createLeague(t, w.owner, { name: 'Peña Ñandú', competition_id: w.cup.competitionId, allow_join: true });
    const invited = await createLeague(t, w.owner, { name: 'Peña secreta', competition_id: w.cup.competitionId });
    await createLeague(t, w.owner, { name: 'Peña cerrada', competition_id: w.cup.competitionId });
    await call(t.app, { method: 'POST', url: api('/invitations'), token: w.owner.token, payload: { league_id: invited.id, email: w.other.email } });
    const search = (who: typeof w.owner, text: string) =>
      call(t.app, { method: 'POST', url: api('/leagues/search'), token: who.token, payload: { text } });
    // Invitations count only for a verified address.
    expect((await search(w.other, 'pena')).data.map((l: { id: number }) => l.id)).toEqual([open.id]);
    await setEmailVerified(t, w.other);
    const res = await search(w.other, '  PENA ');
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual([
      { id: open.id, name: 'Peña Ñandú', competition: { id: w.cup.competitionId, name: 'Test Cup', finished: false, is_league: false },
        members_count: 1, owner_name: 'Olga Owner', joinable: true, invited: false, is_member: false },
      expect.objectContaining({ id: invited.id, joinable: true, invited: true, is_member: false }),
    ]);
    expect((await search(w.member, 'peña')).data.map((l: { id: number }) => l.id)).toEqual([open.id]);
    expect((await search(w.owner, 'nandu')).data).toEqual([expect.objectContaining({ id: open.id, is_member: true, joinable: false })]);
    expect((await search(w.other, '%')).data).toEqual([]);
    expect((await search(w.other, '_')).data).toEqual([]);
    const invitedJoin = await join(t, w.other, invited.id);
    expect(invitedJoin.statusCode).toBe(200);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).execute();
    expect((await search(w.member, 'pena')).data).toEqual([]);
    const tooLong = await search(w.member, 'x'.repeat(101));
    expect(tooLong.statusCode).toBe(400);
  });
});
