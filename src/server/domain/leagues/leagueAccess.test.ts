import type { InjectOptions } from 'fastify';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { api, createLeague, leagueWithMember, leagueWorld, setEmailVerified } from '../../features/leagues/testing/leagueTestKit';

type World = Awaited<ReturnType<typeof leagueWorld>>;
type Role = 'visitor' | 'other' | 'member' | 'owner' | 'admin';
type Scenario = { leagueId: number; shareToken: string; invitationId: number };
type Request = Pick<InjectOptions, 'method' | 'url' | 'payload'>;

/** A fresh league for every call, so a destructive call never changes what the next one sees. */
async function scenario(t: TestApp, w: World): Promise<Scenario> {
  // Earlier scenarios' invitations are an hour old, so the owner's hourly invitation cap never counts them.
  await t.deps.db.updateTable('invitations').set((eb) => ({ created_at: eb('created_at', '-', 3_600_000) })).execute();
  const league = await leagueWithMember(t, w);
  // `other` has a verified address, so the invitation to it is theirs to claim.
  await setEmailVerified(t, w.other);
  const invitation = await call(t.app, {
    method: 'POST', url: api('/invitations'), token: w.owner.token, payload: { league_id: league.id, email: w.other.email },
  });
  return { leagueId: league.id, shareToken: league.share_token, invitationId: invitation.data.invitation.id };
}

const everyone = (status: number) => ({ other: status, member: status, owner: status, admin: status });

/** Route -> request -> expected status per role (the visitor always gets 401). */
const MATRIX: [string, (s: Scenario, w: World) => Request, Omit<Record<Role, number>, 'visitor'>][] = [
  ['leagueIndex', () => ({ method: 'GET', url: api('/leagues/index') }), everyone(200)],
  // `other` holds an invitation in every scenario, so may look at the league before joining.
  ['leagueShow', (s) => ({ method: 'GET', url: api(`/leagues/${s.leagueId}`) }), { other: 200, member: 200, owner: 200, admin: 200 }],
  ['leaguesUsers', (s) => ({ method: 'GET', url: api(`/leagues/leagues_users/${s.leagueId}`) }), { other: 403, member: 200, owner: 200, admin: 200 }],
  ['leagueLeagueRules', (s) => ({ method: 'GET', url: api(`/leagues/league_rules/${s.leagueId}`) }), { other: 403, member: 200, owner: 200, admin: 200 }],
  ['leagueCreate', (_s, w) => ({ method: 'POST', url: api('/leagues'), payload: { league: { name: 'New', competition_id: w.cup.competitionId } } }), everyone(200)],
  ['leagueUpdate', (s) => ({ method: 'PUT', url: api(`/leagues/${s.leagueId}`), payload: { league: { name: 'Changed' } } }), { other: 403, member: 403, owner: 200, admin: 403 }],
  ['leagueDelete', (s) => ({ method: 'DELETE', url: api(`/leagues/${s.leagueId}`) }), { other: 403, member: 403, owner: 200, admin: 403 }],
  ['leagueCancel', (s) => ({ method: 'DELETE', url: api(`/leagues/cancel/${s.leagueId}`) }), { other: 403, member: 200, owner: 200, admin: 403 }],
  ['leagueSearch', () => ({ method: 'POST', url: api('/leagues/search'), payload: { text: 'office' } }), everyone(200)],
  ['leagueJoin (share token)', (s) => ({ method: 'POST', url: api('/leagues/join'), payload: { league_id: s.leagueId, invitation_token: s.shareToken } }),
    { other: 200, member: 409, owner: 409, admin: 200 }],
  ['leagueJoin (no token, closed league)', (s) => ({ method: 'POST', url: api('/leagues/join'), payload: { league_id: s.leagueId } }),
    { other: 200 /* invited */, member: 409, owner: 409, admin: 403 }],
  ['leagueUpdateDepartment (the member)', (s, w) => ({
    method: 'POST', url: api('/leagues/update_department'), payload: { league_id: s.leagueId, user_id: w.member.id, department: 'Sales' },
  }), { other: 403, member: 200, owner: 200, admin: 403 }],
  ['leagueRegenerateShareToken', (s) => ({ method: 'POST', url: api(`/leagues/regenerate_share_token/${s.leagueId}`) }),
    { other: 403, member: 403, owner: 200, admin: 403 }],
  ['leagueRemoveUser (the member)', (s, w) => ({ method: 'DELETE', url: api(`/leagues/remove_user/${s.leagueId}/${w.member.id}`) }),
    { other: 403, member: 403, owner: 200, admin: 403 }],
  ['invitationCreate', (s) => ({ method: 'POST', url: api('/invitations'), payload: { league_id: s.leagueId, email: 'new@example.com' } }),
    { other: 403, member: 403, owner: 200, admin: 403 }],
  ['invitationsOfLeague', (s) => ({ method: 'GET', url: api(`/invitations/league/${s.leagueId}`) }), { other: 403, member: 200, owner: 200, admin: 200 }],
  ['invitationsMine', () => ({ method: 'GET', url: api('/invitations/mine') }), everyone(200)],
  ['invitationDelete', (s) => ({ method: 'DELETE', url: api(`/invitations/${s.invitationId}`) }), { other: 403, member: 403, owner: 200, admin: 403 }],
  ['invitationDismiss', (s) => ({ method: 'POST', url: api(`/invitations/dismiss/${s.invitationId}`) }), { other: 200, member: 403, owner: 403, admin: 403 }],
  ['messagesIndex', () => ({ method: 'GET', url: api('/messages/index') }), everyone(200)],
];

describeEachDb('league and invitation routes: who may call what', (ctx) => {
  it('answers each role the expected status', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const tokens: Record<Role, string | null> = {
      visitor: null, other: w.other.token, member: w.member.token, owner: w.owner.token, admin: w.admin.token,
    };
    const failures: string[] = [];
    for (const [name, request, expected] of MATRIX) {
      for (const role of Object.keys(tokens) as Role[]) {
        const s = await scenario(t, w);
        const res = await call(t.app, { ...request(s, w), token: tokens[role] });
        const want = role === 'visitor' ? 401 : expected[role];
        if (res.statusCode !== want) failures.push(`${name} as ${role}: ${res.statusCode} (expected ${want}) ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

const tableCounts = async (t: TestApp) => {
  const out: Record<string, number> = {};
  for (const table of ['leagues', 'league_members', 'league_teams', 'invitations', 'messages'] as const) {
    const row = await t.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  const names = await t.deps.db.selectFrom('leagues').select(['name', 'bets_system', 'allow_join']).orderBy('id').execute();
  const departments = await t.deps.db.selectFrom('league_members').select('department').orderBy('user_id').execute();
  return { out, names, departments };
};

describeEachDb('league and invitation routes: malformed input', (ctx) => {
  it('answers 400 with a translated message and changes nothing', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const s = await scenario(t, w);
    await createLeague(t, w.other, { name: 'Another', competition_id: w.cup.competitionId });
    const id = s.leagueId;
    const cases: Request[] = [
      { method: 'GET', url: api('/leagues/abc') },
      { method: 'GET', url: api('/leagues/0') },
      { method: 'GET', url: api('/leagues/index?user_id=x') },
      { method: 'GET', url: api('/leagues/index?colour=red') },
      { method: 'GET', url: api('/leagues/leagues_users/-1') },
      { method: 'GET', url: api('/leagues/league_rules/1.5') },
      { method: 'POST', url: api('/leagues'), payload: {} },
      { method: 'POST', url: api('/leagues'), payload: { league: { name: 'No competition' } } },
      { method: 'POST', url: api('/leagues'), payload: { league: { name: 'X', competition_id: w.cup.competitionId, bets_system: 'bogus' } } },
      { method: 'POST', url: api('/leagues'), payload: { league: { name: 'X', competition_id: w.cup.competitionId, owner_id: 1 } } },
      { method: 'POST', url: api('/leagues'), payload: { league: { name: 'x'.repeat(101), competition_id: w.cup.competitionId } } },
      { method: 'POST', url: api('/leagues'), payload: { league: { name: 'X', competition_id: w.cup.competitionId, selected_team_ids: 'all' } } },
      { method: 'POST', url: api('/leagues'), payload: { league: { name: 'X', competition_id: w.cup.competitionId, start_matchday: 0 } } },
      { method: 'POST', url: api('/leagues'), payload: { league: { name: 'X', competition_id: w.cup.competitionId, start_matchday: 99 } } },
      { method: 'POST', url: api('/leagues'), payload: { league: { name: 'X', competition_id: w.cup.competitionId, allow_join: 'yes' } } },
      { method: 'PUT', url: api(`/leagues/${id}`), payload: { league: { bets_system: 1 } } },
      { method: 'PUT', url: api(`/leagues/${id}`), payload: { league: { share_token: 'mine' } } },
      { method: 'PUT', url: api(`/leagues/${id}`), payload: { name: 'flat' } },
      { method: 'PUT', url: api(`/leagues/${id}`), payload: { league: { name: '' } } },
      { method: 'PUT', url: api(`/leagues/${id}`), payload: { league: { selected_team_ids: [999999] } } },
      { method: 'DELETE', url: api('/leagues/x') },
      { method: 'DELETE', url: api('/leagues/cancel/x') },
      { method: 'DELETE', url: api(`/leagues/remove_user/${id}/x`) },
      { method: 'POST', url: api('/leagues/regenerate_share_token/x') },
      { method: 'POST', url: api('/leagues/regenerate_share_token/0') },
      { method: 'POST', url: api('/leagues/search'), payload: { text: 5 } },
      { method: 'POST', url: api('/leagues/search'), payload: {} },
      { method: 'POST', url: api('/leagues/search'), payload: { text: 'x'.repeat(101) } },
      { method: 'POST', url: api('/leagues/join'), payload: { league_id: 'a' } },
      { method: 'POST', url: api('/leagues/join'), payload: {} },
      { method: 'POST', url: api('/leagues/join'), payload: { league_id: id, invitation_token: 'x'.repeat(65) } },
      { method: 'POST', url: api('/leagues/update_department'), payload: { league_id: id, user_id: w.member.id, department: 5 } },
      { method: 'POST', url: api('/leagues/update_department'), payload: { league_id: id, user_id: w.member.id } },
      { method: 'POST', url: api('/leagues/update_department'), payload: { league_id: id, user_id: w.member.id, department: 'x'.repeat(101) } },
      { method: 'POST', url: api('/invitations'), payload: { league_id: id, email: '' } },
      { method: 'POST', url: api('/invitations'), payload: { email: 'a@example.com' } },
      { method: 'POST', url: api('/invitations'), payload: { league_id: id, email: 'not an address' } },
      { method: 'POST', url: api('/invitations'), payload: { league_id: id, email: `${'a'.repeat(250)}@x.com` } },
      { method: 'POST', url: api('/invitations'), payload: { league_id: id, email: 'note@example.com', message: 'x'.repeat(501) } },
      { method: 'POST', url: api('/invitations'), payload: { league_id: id, email: 'note@example.com', message: 5 } },
      { method: 'GET', url: api('/invitations/league/abc') },
      { method: 'DELETE', url: api('/invitations/x') },
      { method: 'POST', url: api('/invitations/dismiss/x') },
    ];
    const before = await tableCounts(t);
    const sentBefore = t.mailer.sent.length;
    const failures: string[] = [];
    for (const request of cases) {
      const res = await call(t.app, { ...request, url: request.url!.toString().replace('/en/', '/es/'), token: w.owner.token });
      if (res.statusCode !== 400 || typeof res.data?.error !== 'string') {
        failures.push(`${request.method} ${request.url} ${JSON.stringify(request.payload)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await tableCounts(t)).toEqual(before);
    expect(t.mailer.sent.length).toBe(sentBefore);
  });
});
