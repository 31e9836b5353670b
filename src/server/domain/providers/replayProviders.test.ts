import { openfootballFiles, skippedWithoutData } from '../../testing/openfootballData';
import { randomUUID } from 'node:crypto';
import { call, describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { importOpenfootball } from '../competitionUpdates/importService';
import { seedDemoIfEmpty } from '../../features/demo/seedDemo';
import { createScheduler } from '../../scheduledJobs';
import { betsWithPoints, memberStanding } from '../../testing/standingsReads';
import { settleResultJobs } from '../resultJobs/testing/settleResultJobs';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

const data = openfootballFiles('openfootball replay through update', 'worldcup-2026.json');
const FILE = data?.[0] ?? '';
const describeIfData = data ? describeEachDb : (name: string) => describe.skip(skippedWithoutData(name), () => it('needs the data', () => undefined));

const HOUR = 3_600_000;

describeIfData('openfootball replay through update', (ctx) => {
  it('reveals the World Cup 2026 results as time passes, and tables move', async () => {
    const t = ctx();
    const { db } = t.deps;
    const start = t.clock.now() + HOUR;
    const { competitionId } = await importOpenfootball(db, { source: FILE, shiftTo: start, replay: true, now: t.clock.now() });
    const opener = await db.selectFrom('matches').select(['id', 'date', 'finished']).where('competition_id', '=', competitionId)
      .orderBy('date').orderBy('id').executeTakeFirstOrThrow();
    expect(opener).toMatchObject({ date: start, finished: 0 });

    const player = await createUserWithToken(t.deps, { name: 'Ana' });
    const { id: leagueId } = await db.insertInto('leagues').values({
      name: 'Replay', name_normalized: 'replay', competition_id: competitionId, owner_id: player.id, bets_system: 'exact',
      points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 0, person_bets_enabled: 0, allow_invite: 0,
      allow_join: 0, editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: randomUUID(),
      created_at: t.clock.now(), updated_at: t.clock.now(),
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('league_members').values({ league_id: leagueId, user_id: player.id, joined_at: t.clock.now() }).execute();
    // Mexico 2-0 South Africa in the file: an exact bet.
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, { league_id: leagueId, user_id: player.id, match_id: opener.id, local_goals: 2, visiting_goals: 0, updated_at: t.clock.now() })).execute();

    const update = async () => {
      const admin = await createUserWithToken(t.deps, { is_admin: true });
      const res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update', token: admin.token });
      expect(res.statusCode).toBe(200);
      return res.data.updated_matches as number;
    };
    expect(await update()).toBe(0);

    t.clock.set(start + 2 * HOUR + 60_000);
    expect(await update()).toBeGreaterThanOrEqual(1);
    const revealed = await db.selectFrom('matches').select(['finished', 'local_goals', 'visiting_goals']).where('id', '=', opener.id).executeTakeFirstOrThrow();
    expect(revealed).toEqual({ finished: 1, local_goals: 2, visiting_goals: 0 });
    const [bet] = await betsWithPoints(db, { matchId: opener.id });
    expect(bet.points).toBe(5);
    // The table follows once the result's job has run.
    await settleResultJobs(t.deps);
    const member = await memberStanding(db, leagueId, player.id);
    expect({ points: member.points, points_league: member.points_league }).toEqual({ points: 5, points_league: 5 });
    // The process history says what the run changed: the revealed matches and the one bet they scored.
    const [run] = await db.selectFrom('process_runs').select(['kind', 'updated_matches', 'recomputed_bets']).where('kind', '=', 'update')
      .orderBy('id', 'desc').limit(1).execute();
    expect(run).toMatchObject({ kind: 'update', recomputed_bets: 1 });
    expect(run.updated_matches).toBeGreaterThanOrEqual(1);
    // Nothing else is due yet.
    expect(await update()).toBe(0);

    // Three days on, more results have arrived; a full sync re-reads the file in place.
    t.clock.set(start + 3 * 24 * HOUR);
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const full = await call(t.app, { method: 'POST', url: `/api/v1/en/update/update_competition/${competitionId}`, token: admin.token });
    expect(full.statusCode).toBe(200);
    const finished = await db.selectFrom('matches').select((eb) => eb.fn.countAll().as('n')).where('competition_id', '=', competitionId).where('finished', '=', 1).executeTakeFirstOrThrow();
    expect(Number(finished.n)).toBeGreaterThan(4);
    expect(Number((await db.selectFrom('competitions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(1);
  });
});

describeEachDb('the demo keeps playing through the scheduler', (ctx) => {
  it('reveals results as time passes, one update at a time', async () => {
    const t = ctx();
    expect(await seedDemoIfEmpty(t.deps)).toBe(true);
    const finished = async () => Number((await t.deps.db.selectFrom('matches').select((eb) => eb.fn.countAll().as('n'))
      .where('finished', '=', 1).executeTakeFirstOrThrow()).n);
    const before = await finished();
    const scheduler = createScheduler(t.deps, { updateEveryMinutes: 1, notifyEveryMinutes: 60, wakeEveryMs: 3_600_000 });
    try {
      await scheduler.tick();
      expect(await finished()).toBe(before);
      t.clock.advance(24 * HOUR);
      await scheduler.tick();
      expect(await finished()).toBeGreaterThan(before);
    } finally {
      await scheduler.stop();
    }
  });
});
