import { call, describeEachDb } from '../../testing/harness';
import { api, createLeague, leagueWorld } from './testing/leagueTestKit';

/** Following a share or invitation link shows the league before joining; nothing else opens it to outsiders. */
describeEachDb('league preview from a join link', (ctx) => {
  it('shows the league to a non-member holding its share token, without revealing the token', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Closed Porra', competition_id: w.cup.competitionId });
    const show = (token?: string) => call(t.app, {
      method: 'GET', url: api(`/leagues/${league.id}${token ? `?token=${token}` : ''}`), token: w.other.token,
    });

    expect((await show()).statusCode).toBe(403);
    expect((await show('not-the-token')).statusCode).toBe(403);
    const res = await show(league.share_token);
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ id: league.id, name: 'Closed Porra', is_member: false, share_token: null });
  });

  it('shows the league to the holder of a pending invitation token of that league only', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Invited Porra', competition_id: w.cup.competitionId });
    const other = await createLeague(t, w.owner, { name: 'Other Porra', competition_id: w.cup.competitionId });
    await call(t.app, { method: 'POST', url: api('/invitations'), token: w.owner.token, payload: { league_id: league.id, email: 'friend@example.com' } });
    const { token } = await t.deps.db.selectFrom('invitations').select('token').executeTakeFirstOrThrow();

    const own = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}?token=${token}`), token: w.other.token });
    expect(own.statusCode).toBe(200);
    const elsewhere = await call(t.app, { method: 'GET', url: api(`/leagues/${other.id}?token=${token}`), token: w.other.token });
    expect(elsewhere.statusCode).toBe(403);
  });
});
