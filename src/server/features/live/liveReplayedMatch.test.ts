import { touchLeagueTable } from '../../domain/standings/tableVersions';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { call, describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { importOpenfootball } from '../../domain/competitionUpdates/importService';
import { advanceReplays } from '../../domain/competitionUpdates/reveal';
import { isEvent, listen, openStream } from './testing/liveTestKit';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const FIXTURE = join(__dirname, '../../domain/competitions/testing/fixtures/minicup-2030.json');
const MIN = 60_000;

describeEachDb('a replayed match in play', (ctx) => {
  it('scores its goals at their minute on the stream and the match route, with the provisional table moving', async () => {
    const t = ctx();
    const { db } = t.deps;
    const kickoff = t.clock.now() + 60 * MIN;
    const { competitionId } = await importOpenfootball(db, { source: FIXTURE, shiftTo: kickoff, replay: true, now: t.clock.now() });
    // Spain 2-1 Japan: 12' Spain, 70' an own goal for Japan, 90+3 Spain.
    const opener = await db.selectFrom('matches').select('id').where('competition_id', '=', competitionId)
      .orderBy('date').orderBy('id').executeTakeFirstOrThrow();
    const member = await createUserWithToken(t.deps, { name: 'Ana' });
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const { id: leagueId } = await db.insertInto('leagues').values({
      name: 'Replay', name_normalized: 'replay', competition_id: competitionId, owner_id: member.id, bets_system: 'exact',
      points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 0, person_bets_enabled: 0, allow_invite: 0,
      allow_join: 0, editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: randomUUID(),
      created_at: t.clock.now(), updated_at: t.clock.now(),
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('league_members').values({ league_id: leagueId, user_id: member.id, joined_at: t.clock.now() }).execute();
    await touchLeagueTable(db, leagueId);
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, { league_id: leagueId, user_id: member.id, match_id: opener.id, local_goals: 1, visiting_goals: 0, updated_at: t.clock.now() })).execute();

    const update = async () => {
      const res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update', token: admin.token });
      expect(res.statusCode).toBe(200);
    };
    const matchNow = async () => (await call(t.app, { method: 'GET', url: `/api/v1/en/matches/${opener.id}` })).data;
    const origin = await listen(t);
    const stream = await openStream(origin, leagueId, member.token);
    const nextMatch = async () => (await stream.next(isEvent('matches'))).data.matches.find((m: { id: number }) => m.id === opener.id);

    t.clock.set(kickoff + 12 * MIN);
    await update();
    expect(await nextMatch()).toMatchObject({ local_goals: 1, visiting_goals: 0, finished: false, live: { phase: 'first_half', minute: 12, added: null } });
    const provisional = (await stream.next(isEvent('standings'))).data;
    expect(provisional).toMatchObject({ provisional: true, live_match_ids: [opener.id] });
    const points = provisional.table.users[0].points as number;
    expect(points).toBeGreaterThan(0);
    expect(await matchNow()).toMatchObject({ local_goals: 1, live: { phase: 'first_half', minute: 12 } });

    t.clock.set(kickoff + 50 * MIN);
    await update();
    expect(await nextMatch()).toMatchObject({ local_goals: 1, live: { phase: 'half_time', minute: null } });

    // The second half starts 61 minutes after kickoff; 70' is 25 minutes into it.
    t.clock.set(kickoff + 86 * MIN);
    await update();
    expect(await nextMatch()).toMatchObject({ local_goals: 1, visiting_goals: 1, live: { phase: 'second_half', minute: 70 } });
    const level = (await stream.next(isEvent('standings'))).data;
    expect(level.table.users[0].points).toBeLessThan(points);

    t.clock.set(kickoff + 109 * MIN);
    await update();
    expect(await nextMatch()).toMatchObject({ local_goals: 2, visiting_goals: 1, live: { phase: 'second_half', minute: 90, added: 3 } });

    t.clock.set(kickoff + 110 * MIN);
    await update();
    const final = await nextMatch();
    expect(final).toMatchObject({ local_goals: 2, visiting_goals: 1, finished: true, status: 'finished' });
    expect(final.live).toBeUndefined();
    expect((await stream.next(isEvent('standings'))).data).toMatchObject({ provisional: false });
    stream.close();
  });

  it('does not write a match whose clock has not moved', async () => {
    const t = ctx();
    const kickoff = t.clock.now() + 60 * MIN;
    const { competitionId } = await importOpenfootball(t.deps.db, { source: FIXTURE, shiftTo: kickoff, replay: true, now: t.clock.now() });
    t.clock.set(kickoff + 20 * MIN + 10_000);
    expect((await advanceReplays(t.deps.db, t.clock.now(), competitionId)).playing).toHaveLength(1);
    t.clock.set(kickoff + 20 * MIN + 40_000);
    expect(await advanceReplays(t.deps.db, t.clock.now(), competitionId)).toEqual({ revealed: [], playing: [] });
  });
});
