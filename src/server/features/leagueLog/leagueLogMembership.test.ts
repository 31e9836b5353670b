import { appendLeagueLog } from '../../domain/leagueLog/leagueLogService';
import { verifyLeagueLogs } from '../../domain/leagueLog/verifyLog';
import { call, describeEachDb } from '../../testing/harness';
import { PASSWORD, signUpViaApi } from '../accounts/testing/accountsTestKit';
import { createLeague } from '../resultBets/testing/betsTestFixture';
import { api, readLog, setupLeagueLog } from './testing/leagueLogKit';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const actions = (entries: any[]) => entries.map((e) => [e.seq, e.action, e.actor_id, e.details]);

describeEachDb('membership changes in the league log', (ctx) => {
  it('joins, an owner leaving with the hand-over, and an account deletion with the bets it removed are logged', async () => {
    const t = ctx();
    const s = await setupLeagueLog(t);
    const { share_token: shareToken } = await t.deps.db.selectFrom('leagues').select('share_token').where('id', '=', s.leagueId)
      .executeTakeFirstOrThrow();
    expect((await api(t, 'POST', '/leagues/join', s.outsider.token, { league_id: s.leagueId, invitation_token: shareToken })).statusCode).toBe(200);

    // Dora signs up, joins, bets, owns a league with Bob and one alone, then deletes her account.
    const dora = await signUpViaApi(t.app, { name: 'Dora', email: 'dora@example.com' });
    expect((await api(t, 'POST', '/leagues/join', dora.token, { league_id: s.leagueId, invitation_token: shareToken })).statusCode).toBe(200);
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, {
      league_id: s.leagueId, user_id: dora.id, match_id: s.matchId, local_goals: 1, visiting_goals: 0, updated_at: 0,
    })).execute();
    const shared = await createLeague(t.deps.db, { competitionId: s.cup.competitionId, ownerId: dora.id, members: [{ id: dora.id }, { id: s.bob.id }] });
    const lonely = await createLeague(t.deps.db, { competitionId: s.cup.competitionId, ownerId: dora.id });
    await t.deps.db.transaction().execute((trx) => appendLeagueLog(trx, { now: t.clock.now(), key: t.deps.logKey }, [
      { leagueId: lonely, actorId: dora.id, action: 'league.settings', details: { before: { tie_breaks: [] }, after: { tie_breaks: ['exact_hits'] } } },
    ]));
    const deleted = await call(t.app, { method: 'DELETE', url: '/api/v1/users', token: dora.token, payload: { api_v1_user: { current_password: PASSWORD } } });
    expect(deleted.statusCode).toBe(200);

    // The owner leaves: Ana, the earliest-joined member left, takes the league over.
    expect((await api(t, 'DELETE', `/leagues/cancel/${s.leagueId}`, s.owner.token)).statusCode).toBe(200);

    expect(actions(await readLog(t, s.leagueId, s.ana.token))).toEqual([
      [5, 'league.owner_changed', s.owner.id, { before: { owner_id: s.owner.id }, after: { owner_id: s.ana.id } }],
      [4, 'member.left', s.owner.id, { user_id: s.owner.id }],
      [3, 'member.account_deleted', dora.id, { user_id: dora.id, bets_removed: 1 }],
      [2, 'member.joined', dora.id, { user_id: dora.id, via: 'share_link' }],
      [1, 'member.joined', s.outsider.id, { user_id: s.outsider.id, via: 'share_link' }],
    ]);
    expect(actions(await readLog(t, shared, s.bob.token))).toEqual([
      [2, 'league.owner_changed', dora.id, { before: { owner_id: dora.id }, after: { owner_id: s.bob.id } }],
      [1, 'member.account_deleted', dora.id, { user_id: dora.id, bets_removed: 0 }],
    ]);
    // The league nobody was left in is gone, its log archived.
    const archived = await t.deps.db.selectFrom('league_log_archive').select(['seq', 'action']).where('league_id', '=', lonely).execute();
    expect(archived.map((r) => [Number(r.seq), r.action])).toEqual([[1, 'league.settings']]);
    expect(await verifyLeagueLogs(t.deps.db, t.deps.logKey)).toMatchObject({ archivedLeagues: 1, breaks: [] });
  });
});
