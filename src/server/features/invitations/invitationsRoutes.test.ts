import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { api, createLeague, join, leagueWithMember, leagueWorld, setEmailVerified, type Person } from '../leagues/testing/leagueTestKit';

const invite = (t: TestApp, who: Person, leagueId: number, email: string, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'POST', url: api('/invitations', locale), token: who.token, payload: { league_id: leagueId, email } });

describeEachDb('invitations', (ctx) => {
  it('emails an unregistered invitee in both languages, the inviter\'s first, with the join link and sign-up from it', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Peña', competition_id: w.cup.competitionId });
    const res = await invite(t, w.owner, league.id, '  Friend@Example.COM ', 'es');
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('Invitación enviada');
    expect(res.data.invitation).toMatchObject({ league_id: league.id, email: 'friend@example.com', status: 'pending', inviter_name: 'Olga Owner' });
    expect(t.mailer.sent).toHaveLength(1);
    const [mail] = t.mailer.sent;
    const row = await t.deps.db.selectFrom('invitations').select('token').executeTakeFirstOrThrow();
    expect(row.token.length).toBeGreaterThanOrEqual(24);
    expect(mail.to).toBe('friend@example.com');
    // Nobody knows which language a new address reads: both, the inviter's first.
    expect(mail.subject).toBe('Olga Owner te invita a la liga Peña en Porra · Olga Owner invites you to the league Peña on Porra');
    const link = `${t.deps.config.appOrigin}/leagues/join/${league.id}/${row.token}`;
    const [spanish, english] = mail.text.split('\n——\n');
    expect(spanish).toContain(link);
    expect(spanish).toContain('¿Aún no tienes cuenta? Créala en esa página con esta dirección de email (friend@example.com)');
    expect(english).toContain(link);
    expect(english).toContain('No account yet? Create one on that page with this email address (friend@example.com)');
    // Nothing tells a newcomer to sign up somewhere else first: the link's page lets them.
    expect(mail.text).not.toMatch(/sign up first|regístrate antes/);
    expect(mail.html).toMatch(/<div lang="es">[\s\S]*<hr>[\s\S]*<div lang="en">/);
    expect(await t.deps.db.selectFrom('messages').selectAll().execute()).toEqual([]);
  });

  it('writes to a registered invitee in their own language and leaves them a message', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const guest = await createUserWithToken(t.deps, { name: 'Gustavo', locale: 'es' });
    await setEmailVerified(t, guest);
    const league = await createLeague(t, w.owner, { name: 'Office', competition_id: w.cup.competitionId });
    const res = await invite(t, w.owner, league.id, guest.email.toUpperCase(), 'en');
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('Invitation sent');
    const [mail] = t.mailer.sent;
    // Their account's language alone, whatever the inviter's.
    expect(mail.subject).toBe('Olga Owner te invita a la liga Office en Porra');
    expect(mail.text).not.toContain('invites you');
    expect(mail.html).not.toContain('lang="en"');
    const token = (await t.deps.db.selectFrom('invitations').select('token').executeTakeFirstOrThrow()).token;
    const messages = await call(t.app, { method: 'GET', url: api('/messages/index'), token: guest.token });
    expect(messages.statusCode).toBe(200);
    expect(messages.data).toEqual([{
      id: expect.any(Number), kind: 'invitation', league_id: league.id,
      payload: { league_name: 'Office', inviter_name: 'Olga Owner', token }, read_at: null, created_at: expect.any(String),
    }]);
    const mine = await call(t.app, { method: 'GET', url: api('/invitations/mine'), token: guest.token });
    expect(mine.data).toEqual([{
      id: res.data.invitation.id, league: { id: league.id, name: 'Office' }, token, inviter_name: 'Olga Owner', created_at: expect.any(String),
    }]);
    const joined = await join(t, guest, league.id, token);
    expect(joined.statusCode).toBe(200);
    const row = await t.deps.db.selectFrom('invitations').select(['status', 'invitee_id']).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'accepted', invitee_id: guest.id });
    expect((await call(t.app, { method: 'GET', url: api('/invitations/mine'), token: guest.token })).data).toEqual([]);
    const read = await call(t.app, { method: 'GET', url: api('/messages/index'), token: guest.token });
    expect(read.data[0].read_at).not.toBeNull();
    expect((await join(t, w.other, league.id, token)).statusCode).toBe(404);
  });

  it('refuses to invite a member or someone already invited', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    const member = await invite(t, w.owner, league.id, w.member.email, 'es');
    expect([member.statusCode, member.data.error]).toEqual([409, 'El usuario ya está en la liga']);
    expect((await invite(t, w.owner, league.id, 'new@example.com')).statusCode).toBe(200);
    const twice = await invite(t, w.owner, league.id, 'NEW@example.com', 'es');
    expect([twice.statusCode, twice.data.error]).toEqual([409, 'El usuario ya ha sido invitado']);
    const bad = await invite(t, w.owner, league.id, 'not an email');
    expect(bad.statusCode).toBe(400);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('keeps one pending invitation when the same address is invited five times at once', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Race', competition_id: w.cup.competitionId });
    const results = await Promise.all(Array.from({ length: 5 }, () => invite(t, w.owner, league.id, 'race@example.com')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const rows = await t.deps.db.selectFrom('invitations').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('lets members invite only when the league allows it, and never into a finished league', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    expect((await invite(t, w.member, league.id, 'a@example.com')).statusCode).toBe(403);
    expect((await invite(t, w.other, league.id, 'a@example.com')).statusCode).toBe(403);
    await t.deps.db.updateTable('leagues').set({ allow_invite: 1 }).execute();
    expect((await invite(t, w.member, league.id, 'a@example.com')).statusCode).toBe(200);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).execute();
    const late = await invite(t, w.owner, league.id, 'b@example.com', 'es');
    expect([late.statusCode, late.data.error]).toEqual([403, 'La liga ya ha terminado']);
    const missing = await invite(t, w.owner, 999999, 'b@example.com', 'es');
    expect([missing.statusCode, missing.data.error]).toEqual([404, 'No se ha encontrado la liga']);
  });

  it('lists every pending invitation to the owner, and to any other member only those they sent', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { allow_invite: true });
    await invite(t, w.owner, league.id, 'one@example.com');
    await invite(t, w.owner, league.id, 'two@example.com');
    await invite(t, w.member, league.id, 'mine@example.com');
    const listFor = (who: Person) => call(t.app, { method: 'GET', url: api(`/invitations/league/${league.id}`), token: who.token });
    const byOwner = await listFor(w.owner);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.data.map((i: { email: string }) => i.email).sort()).toEqual(['mine@example.com', 'one@example.com', 'two@example.com']);
    expect(byOwner.data[0]).toEqual({
      id: expect.any(Number), league_id: league.id, email: 'mine@example.com', status: 'pending', inviter_name: 'Mario Member', created_at: expect.any(String),
    });
    const byMember = await listFor(w.member);
    expect(byMember.statusCode).toBe(200);
    expect(byMember.data.map((i: { email: string }) => i.email)).toEqual(['mine@example.com']);
    expect(JSON.stringify(byMember.data)).not.toContain('one@example.com');
    expect((await listFor(w.admin)).data).toEqual([]);
    expect((await listFor(w.other)).statusCode).toBe(403);
  });

  it('is withdrawn by its inviter or the owner, and dismissed only by its invitee', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { allow_invite: true });
    await setEmailVerified(t, w.other);
    const byMember = (await invite(t, w.member, league.id, w.other.email)).data.invitation.id as number;
    const byOwner = (await invite(t, w.owner, league.id, 'x@example.com')).data.invitation.id as number;
    const del = (who: Person, id: number, locale: 'en' | 'es' = 'en') => call(t.app, { method: 'DELETE', url: api(`/invitations/${id}`, locale), token: who.token });
    const dismiss = (who: Person, id: number, locale: 'en' | 'es' = 'en') => call(t.app, { method: 'POST', url: api(`/invitations/dismiss/${id}`, locale), token: who.token });

    expect((await del(w.member, byOwner)).statusCode).toBe(403);
    expect((await dismiss(w.member, byMember)).statusCode).toBe(403);
    const dismissed = await dismiss(w.other, byMember, 'es');
    expect([dismissed.statusCode, dismissed.data.message]).toEqual([200, 'Invitación rechazada']);
    const gone = await del(w.member, byMember, 'es');
    expect([gone.statusCode, gone.data.error]).toEqual([404, 'La invitación ya no existe']);
    const deleted = await del(w.owner, byOwner, 'es');
    expect([deleted.statusCode, deleted.data.message]).toEqual([200, 'Invitación eliminada']);
    const rows = await t.deps.db.selectFrom('invitations').select(['id', 'status']).orderBy('id').execute();
    expect(rows).toEqual([{ id: byMember, status: 'dismissed' }, { id: byOwner, status: 'deleted' }]);
    expect((await call(t.app, { method: 'GET', url: api(`/invitations/league/${league.id}`), token: w.owner.token })).data).toEqual([]);
    const again = await invite(t, w.owner, league.id, w.other.email);
    expect(again.statusCode).toBe(200);
    const invitationId = again.data.invitation.id as number;
    expect((await del(w.member, invitationId)).statusCode).toBe(403);
    expect((await del(w.owner, invitationId)).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: api('/messages/index'), token: w.other.token })).data).toEqual([
      expect.objectContaining({ kind: 'invitation' }),
    ]);
  });

  it('lets an invited user join from search without a token', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Closed', competition_id: w.cup.competitionId });
    expect((await join(t, w.other, league.id)).statusCode).toBe(403);
    await setEmailVerified(t, w.other);
    await invite(t, w.owner, league.id, w.other.email);
    const shown = await call(t.app, { method: 'GET', url: api(`/leagues/${league.id}`), token: w.other.token });
    expect(shown.data).toMatchObject({ is_member: false, share_token: null });
    expect((await join(t, w.other, league.id)).statusCode).toBe(200);
    const row = await t.deps.db.selectFrom('invitations').select('status').executeTakeFirstOrThrow();
    expect(row.status).toBe('accepted');
  });
});
