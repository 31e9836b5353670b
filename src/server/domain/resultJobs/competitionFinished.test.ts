import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { api, createLeague, join as joinLeague, leagueWorld } from '../../features/leagues/testing/leagueTestKit';
import { importOpenfootball } from '../competitionUpdates/importService';
import { importFootballData } from '../providers/footballData/footballDataImport';
import { finishedScore, startFakeFootballData, worldCupWorld, type FakeFootballData } from '../providers/footballData/testing/fakeFootballData';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(60_000);

const OPENFOOTBALL_CUP = join(__dirname, '..', 'competitions', 'testing', 'fixtures', 'minicup-2030.json');

/** The competition as the API answers it. */
async function competitionFinished(t: TestApp, competitionId: number): Promise<boolean> {
  const res = await call(t.app, { method: 'GET', url: api(`/competition/${competitionId}`) });
  expect(res.statusCode).toBe(200);
  return res.data.finished;
}

async function runProcess(t: TestApp, token: string, path: string) {
  const res = await call(t.app, { method: 'POST', url: api(path), token });
  expect(res.statusCode).toBe(200);
  return res.data;
}

let fake: FakeFootballData;
beforeAll(async () => { fake = await startFakeFootballData(); });
afterAll(async () => { await fake.close(); });

describeEachDb('a competition finishes with its last result, wherever the result comes from', (ctx) => {
  it('an admin typing the final result finishes it and closes its leagues; withdrawing it opens both again', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await createLeague(t, w.owner, { name: 'Office', competition_id: w.cup.competitionId });
    const edit = (matchId: number, match: Record<string, unknown>) =>
      call(t.app, { method: 'PUT', url: api(`/matches/${matchId}`), token: w.admin.token, payload: { match } });
    const [semi1, semi2, final] = w.cup.knockoutMatchIds;
    const [a, b, c, d] = w.cup.teamIds;
    for (const id of w.cup.groupMatchIds) expect((await edit(id, { status: 'finished', local_goals: 1, visiting_goals: 0 })).statusCode).toBe(200);
    expect((await edit(semi1, { local_team_id: a, visiting_team_id: b, status: 'finished', local_goals: 2, visiting_goals: 0 })).statusCode).toBe(200);
    // A match called off closes as a played one does.
    expect((await edit(semi2, { status: 'cancelled' })).statusCode).toBe(200);
    expect(await competitionFinished(t, w.cup.competitionId)).toBe(false);

    expect((await edit(final, { local_team_id: a, visiting_team_id: c, status: 'finished', local_goals: 1, visiting_goals: 1 })).statusCode).toBe(200);
    expect(await competitionFinished(t, w.cup.competitionId)).toBe(true);
    const refused = await call(t.app, {
      method: 'POST', url: api('/leagues/join', 'es'), token: w.member.token, payload: { league_id: league.id, invitation_token: league.share_token },
    });
    expect([refused.statusCode, refused.data.error]).toEqual([403, 'La liga ya ha terminado']);
    const closed = await joinLeague(t, w.other, league.id, league.share_token);
    expect([closed.statusCode, closed.data.error]).toEqual([403, 'The league has already finished']);

    // The admin withdraws the final's result (back to in play): the competition and its league are open again.
    expect((await edit(final, { status: 'in_play', visiting_team_id: d })).statusCode).toBe(200);
    expect(await competitionFinished(t, w.cup.competitionId)).toBe(false);
    expect((await joinLeague(t, w.member, league.id, league.share_token)).statusCode).toBe(200);
  });

  it('a provider sync (update_competition, and the scheduled update) finishes it, and a correction reopens it', async () => {
    const t = ctx();
    fake.world = worldCupWorld();
    fake.failure = null;
    Object.assign(t.deps.config, { footballDataUrl: fake.baseUrl, footballDataToken: 'test-token', footballDataTimeoutMs: 5000, footballDataRequestsPerMinute: 1000 });
    const { competitionId } = await importFootballData(t.deps, 'WC');
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    expect(await competitionFinished(t, competitionId)).toBe(false);

    // The postponed third-place match is called off and the final is played.
    const [third, final] = [fake.world.matches[14], fake.world.matches[15]];
    Object.assign(third, { status: 'CANCELLED' });
    Object.assign(final, { status: 'FINISHED', score: finishedScore(2, 1) });
    await runProcess(t, admin.token, `/update/update_competition/${competitionId}`);
    expect(await competitionFinished(t, competitionId)).toBe(true);
    // A finished competition leaves the admin's list of competitions to update.
    expect((await call(t.app, { method: 'GET', url: api('/competition/active') })).data.map((c: { id: number }) => c.id)).not.toContain(competitionId);

    // The provider takes the final's result back (to be replayed): the competition is open again.
    Object.assign(final, { status: 'SCHEDULED', score: { winner: null, duration: 'REGULAR', fullTime: { home: null, away: null }, halfTime: { home: null, away: null } } });
    await runProcess(t, admin.token, `/update/update_competition/${competitionId}`);
    expect(await competitionFinished(t, competitionId)).toBe(false);

    // The live update (the scheduler's) records the final whistle too.
    t.clock.set(Date.parse(final.utcDate) + 2 * 3_600_000);
    Object.assign(final, { status: 'FINISHED', score: finishedScore(0, 1) });
    const later = await createUserWithToken(t.deps, { is_admin: true });
    expect(await runProcess(t, later.token, '/update/update')).toMatchObject({ updated_matches: 1 });
    expect(await competitionFinished(t, competitionId)).toBe(true);
  });

  it('an openfootball import and its re-read (update_competition) finish it, and a file without the result reopens it', async () => {
    const t = ctx();
    const dir = await mkdtemp(join(tmpdir(), 'porra-finished-'));
    try {
      const source = join(dir, 'minicup-2030.json');
      const unplayed = JSON.parse(await readFile(OPENFOOTBALL_CUP, 'utf8'));
      const played = structuredClone(unplayed);
      const [third, final] = played.matches.slice(-2);
      Object.assign(third, { team1: 'Spain', team2: 'Japan', score: { ft: [1, 0] } });
      Object.assign(final, { team1: 'England', team2: 'Argentina', score: { ft: [2, 2], et: [3, 2] } });

      await writeFile(source, JSON.stringify(played));
      const { competitionId } = await importOpenfootball(t.deps.db, { source, now: t.clock.now() });
      expect(await competitionFinished(t, competitionId)).toBe(true);

      const admin = await createUserWithToken(t.deps, { is_admin: true });
      await writeFile(source, JSON.stringify(unplayed));
      await runProcess(t, admin.token, `/update/update_competition/${competitionId}`);
      expect(await competitionFinished(t, competitionId)).toBe(false);

      await writeFile(source, JSON.stringify(played));
      await runProcess(t, admin.token, `/update/update_competition/${competitionId}`);
      expect(await competitionFinished(t, competitionId)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
