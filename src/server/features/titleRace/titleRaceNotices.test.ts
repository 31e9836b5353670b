import { startFakePushService, type FakePushService } from '../../platform/push/testing/fakePushService';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { publishMatchChanges } from '../../domain/live/livePublisher';
import { applyResults } from '../../domain/resultJobs/applyResults';
import { kickResultJobs } from '../../domain/resultJobs/resultJobWorker';
import { raceChanges, startTitleRaceNotices } from './titleRaceNotices';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// Real databases and a push service on a shared 2-core machine.
jest.setTimeout(60_000);

const HOUR = 3_600_000;
let service: FakePushService;
beforeAll(async () => { service = await startFakePushService(); });
afterAll(async () => { await service.close(); });

async function until(condition: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => { setTimeout(resolve, 50); });
  }
}

/** Ann 20 points, Ben 10 with bets on all 8 matches left, Cid 3 (reads Spanish), Dot 0; Ann, Ben and Cid have a device. */
async function world(t: TestApp) {
  const { db } = t.deps;
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(db, { start });
  const [ann, ben, cid, dot] = await Promise.all(['Ann', 'Ben', 'Cid', 'Dot'].map((name) => createUserWithToken(t.deps, { name, locale: name === 'Cid' ? 'es' : 'en' })));
  const leagueId = await createLeague(db, {
    competitionId: cup.competitionId, ownerId: ann.id, members: [ann, ben, cid, dot].map((u) => ({ id: u.id })),
    playoff_results_points: 0, round_bets_enabled: 0, person_bets_enabled: 0, name: 'Office',
  });
  const matches = await db.selectFrom('matches').select(['id', 'matchday']).where('competition_id', '=', cup.competitionId)
    .where('round_id', '=', 1).orderBy('date').orderBy('id').execute();
  const md = (day: number) => matches.filter((m) => m.matchday === day).map((m) => m.id);
  const bet = (userId: number, matchId: number) => ({ league_id: leagueId, user_id: userId, match_id: matchId, local_goals: 1, visiting_goals: 0, updated_at: 0 });
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, [
    ...md(1).map((id) => bet(ann.id, id)), ...md(1).slice(0, 2).map((id) => bet(ben.id, id)), { ...bet(cid.id, md(1)[0]), local_goals: 2 },
    ...[...md(2), ...md(3)].map((id) => bet(ben.id, id)),
  ])).execute();
  const devices = new Map<number, string>();
  for (const user of [ann, ben, cid]) {
    const device = service.device();
    const res = await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token: user.token, payload: { subscription: device.subscription } });
    expect(res.statusCode).toBe(200);
    devices.set(user.id, device.subscription.endpoint);
  }
  t.clock.set(start + 4 * HOUR);
  for (const id of md(1)) await finishMatch(db, id, 1, 0);
  await recomputeAfterResults(db, cup.competitionId, md(1));
  return { cup, leagueId, ann, ben, cid, dot, md, start };
}

describeEachDb('title race notices', (ctx) => {
  beforeEach(() => {
    service.received.length = 0;
    ctx().deps.pushAgent = service.agent;
  });

  it('tell members once, in their language, when results knock them out of the race or make them champion', async () => {
    const t = ctx();
    const w = await world(t);
    // The first look stores everyone's marks and tells nobody.
    expect(await raceChanges(t.deps, w.cup.competitionId)).toEqual([]);
    const stop = await startTitleRaceNotices(t.deps);
    try {
      // Matchday 2 ends 1-0 everywhere, written as a provider's sync writes it: Ben 30 with nobody able to reach it;
      // Ann (20), Cid and Dot are out.
      t.clock.set(w.start + 72 * HOUR);
      await t.deps.db.transaction().execute(async (trx) => {
        for (const id of w.md(2)) await finishMatch(trx, id, 1, 0);
        await applyResults(trx, { competitionId: w.cup.competitionId, matchIds: w.md(2), trigger: 'scheduled', now: t.clock.now() });
        await publishMatchChanges(t.deps, trx, w.cup.competitionId, w.md(2));
      });
      // The matches are finished but the tables do not hold their points until the result job has run: nobody is
      // told anything on the points before.
      await new Promise((resolve) => { setTimeout(resolve, 500); });
      expect(service.received).toEqual([]);
      kickResultJobs(t.deps);
      await until(() => service.received.length >= 3);
      const bodies = service.received.map((p) => p.payload as { title: string; body: string; url: string }).sort((a, b) => a.body.localeCompare(b.body));
      expect(bodies).toEqual([
        { title: 'Office', body: 'Ya no puedes ganar Office', url: `/leagues/${w.leagueId}` },
        { title: 'Office', body: 'You can no longer win Office', url: `/leagues/${w.leagueId}` },
        { title: 'Office', body: 'You have won Office: nobody can catch you now', url: `/leagues/${w.leagueId}` },
      ]);
      const marks = await t.deps.db.selectFrom('title_race_marks').select(['user_id', 'can_win', 'clinched']).where('league_id', '=', w.leagueId).orderBy('user_id').execute();
      expect(marks.map((m) => [Number(m.user_id), Number(m.can_win), Number(m.clinched)])).toEqual([
        [w.ann.id, 0, 0], [w.ben.id, 1, 1], [w.cid.id, 0, 0], [w.dot.id, 0, 0],
      ].sort((a, b) => a[0] - b[0]));
      // Looking again tells nobody anything new.
      expect(await raceChanges(t.deps, w.cup.competitionId)).toEqual([]);
    } finally {
      stop();
    }
  });
}, { config: { pushAllowedHosts: ['127.0.0.1'] } });
