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

    // A private league's address says why it stays shut, in the caller's language, and nothing of the league.
    const refused = await show();
    expect(refused.statusCode).toBe(403);
    expect(refused.data).toEqual({ error: 'This league is private: only its members see it. Ask its owner for an invitation or its share link' });
    const refusedEs = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`, 'es'), token: w.other.token });
    expect(refusedEs.data).toEqual({ error: 'Esta liga es privada: solo la ven sus participantes. Pide a su dueño una invitación o su enlace para compartir' });
    expect(JSON.stringify(refusedEs.data)).not.toMatch(/Closed Porra|Olga/);
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
