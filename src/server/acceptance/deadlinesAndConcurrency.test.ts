import { openfootballFiles, skippedWithoutData } from '../testing/openfootballData';
import { readFileSync } from 'node:fs';
import { importOpenfootball } from '../domain/competitionUpdates/importService';
import { revealDueResults } from '../domain/competitionUpdates/reveal';
import { call, describeEachDb, type TestApp } from '../testing/harness';
import { DAY, HOUR, MINUTE, api, createPlayer, ok, type Player } from './acceptanceKit';
import { settleResultJobs } from '../domain/resultJobs/testing/settleResultJobs';

/**
 * On the real World Cup schedule (the units of each area test the same rules on small fixtures): every bet and
 * pick deadline one second either side, computed here from the file's kickoffs; concurrent
 * writes leave one consistent value; concurrent joins one membership; bets written while results arrive leave
 * the stored standings equal to a full recomputation.
 */

const data = openfootballFiles('deadlinesAndConcurrency', 'worldcup-2026.json');
const FILE = data?.[0] ?? '';
const run = data ? it : (name: string, test: jest.ProvidesCallback, timeout?: number) => it.skip(skippedWithoutData(name), test, timeout);

const LOCK = 5 * MINUTE;

/** Kickoffs (epoch ms, unshifted) and matchday of each match of the file, by its round label. */
function fileKickoffs(): { label: string; kickoff: number; matchday: number }[] {
  const raw = JSON.parse(readFileSync(FILE, 'utf8')) as { matches: { round: string; date: string; time: string }[] };
  const dates = [...new Set(raw.matches.map((m) => m.date))].sort();
  return raw.matches.map((m) => {
    const [, hh, mm, offset] = /^(\d\d):(\d\d) UTC([+-]\d+)$/.exec(m.time)!;
    const [y, mo, d] = m.date.split('-').map(Number);
    return {
      label: m.round, matchday: dates.indexOf(m.date) + 1,
      kickoff: Date.UTC(y, mo - 1, d, Number(hh), Number(mm)) - Number(offset) * HOUR,
    };
  });
}

interface Cup {
  competitionId: number; leagueId: number; owner: Player; member: Player; admin: Player;
  first: (label: RegExp) => number; matchdayOf: (label: RegExp) => number; rules: Map<number, number>;
}

async function importCup(t: TestApp): Promise<Cup> {
  const matches = fileKickoffs();
  const { competitionId } = await importOpenfootball(t.deps.db, { source: FILE, shiftTo: t.clock.now() + DAY, replay: true, now: t.clock.now() });
  const shift = t.clock.now() + DAY - Math.min(...matches.map((m) => m.kickoff));
  const owner = await createPlayer(t.deps, { name: 'Olga' });
  const member = await createPlayer(t.deps, { name: 'Mario' });
  const admin = await createPlayer(t.deps, { name: 'Root', is_admin: true });
  const league = (await ok(t, 'POST', '/leagues', owner.token, {
    league: { name: 'Deadlines', competition_id: competitionId, round_bets_enabled: true, person_bets_enabled: true, playoff_results_points: true },
  })).league;
  await ok(t, 'POST', '/leagues/join', member.token, { league_id: league.id, invitation_token: league.share_token });
  const rules: any[] = await ok(t, 'GET', `/leagues/league_rules/${league.id}`, owner.token);
  const of = (label: RegExp) => matches.filter((m) => label.test(m.label));
  return {
    competitionId, leagueId: league.id, owner, member, admin,
    first: (label) => Math.min(...of(label).map((m) => m.kickoff)) + shift,
    matchdayOf: (label) => of(label)[0].matchday,
    rules: new Map(rules.map((r) => [r.round_id, r.id])),
  };
}

/** Answers the status of a write at `deadline - 1 s`, exactly at the deadline, and at `deadline + 1 s`. */
async function aroundDeadline(t: TestApp, deadline: number, write: () => Promise<{ statusCode: number; data: any }>) {
  const statuses: number[] = [];
  let lateError: string | undefined;
  for (const at of [deadline - 1000, deadline, deadline + 1000]) {
    t.clock.set(at);
    const res = await write();
    statuses.push(res.statusCode);
    if (at > deadline) lateError = res.data?.error;
  }
  return { statuses, lateError };
}

const REFUSED = { statuses: [200, 400, 400], lateError: 'The deadline for this bet has passed' };

describeEachDb('acceptance: deadlines on the World Cup schedule', (ctx) => {
  run('locks result bets, round, champion and top-scorer picks 5 minutes before the kickoff that governs them', async () => {
    const t = ctx();
    const cup = await importCup(t);
    const m = cup.member;
    const { leagueId } = cup;

    // Top scorer: before the competition's first kickoff.
    const people: any[] = await ok(t, 'GET', `/people/index/${cup.competitionId}`, null);
    const scorer = { league_id: leagueId, league_rule_id: cup.rules.get(10), person_id: people[0].id, user_id: m.id };
    let toggle = false;
    expect(await aroundDeadline(t, cup.first(/^Matchday/) - LOCK, () => {
      toggle = !toggle;
      return call(t.app, { method: 'POST', url: api(`/person_bets/${toggle ? 'fill' : 'clear'}_person_bet`), token: m.token, payload: scorer });
    })).toEqual(REFUSED);

    // Round of 16 picks: before the first match of the round of 32.
    const r16 = cup.rules.get(4)!;
    const [team] = await ok(t, 'GET', `/round_bets/elegible_team_ids/${leagueId}/${r16}/${m.id}`, m.token);
    const pick = { league_id: leagueId, league_rule_id: r16, team_id: team, user_id: m.id };
    expect(await aroundDeadline(t, cup.first(/^Round of 32$/) - LOCK, () =>
      call(t.app, { method: 'POST', url: api('/round_bets/fill_round_bet'), token: m.token, payload: pick }))).toEqual(REFUSED);

    // A knockout result bet (the final): before its own kickoff. Champion picks: before the final too.
    const finalDay = cup.matchdayOf(/^Final$/);
    const [finalBet] = await ok(t, 'GET', `/result_bets/index/${leagueId}?matchday=${finalDay}`, m.token);
    let goals = 0;
    expect(await aroundDeadline(t, cup.first(/^Final$/) - LOCK, () => {
      goals += 1;
      return call(t.app, {
        method: 'POST', url: api('/result_bets/update_result_bet'), token: m.token,
        payload: { result_bet_id: finalBet.id, local_goals: goals, visiting_goals: 0 },
      });
    })).toEqual(REFUSED);
    const [stored] = await ok(t, 'GET', `/result_bets/index/${leagueId}?matchday=${finalDay}`, m.token);
    expect(stored).toMatchObject({ local_goals: 1, visiting_goals: 0, allow_edit_bets: false });

    const champion = cup.rules.get(8)!;
    t.clock.set(cup.first(/^Final$/) - LOCK - 1000);
    const [finalist] = await ok(t, 'GET', `/round_bets/elegible_team_ids/${leagueId}/${champion}/${m.id}`, m.token);
    const championPick = { league_id: leagueId, league_rule_id: champion, team_id: finalist, user_id: m.id };
    expect(await aroundDeadline(t, cup.first(/^Final$/) - LOCK, () =>
      call(t.app, { method: 'POST', url: api('/round_bets/fill_round_bet'), token: m.token, payload: championPick }))).toEqual(REFUSED);

    // A global admin may still correct a locked bet; it is flagged.
    const corrected = await ok(t, 'POST', '/result_bets/update_result_bet', cup.admin.token, { result_bet_id: finalBet.id, local_goals: 3, visiting_goals: 3 });
    expect(corrected).toMatchObject({ local_goals: 3, visiting_goals: 3, modified_after_start: true });
  }, 120_000);
});

describeEachDb('acceptance: concurrency', (ctx) => {
  run('200 concurrent updates of one bet leave one value: the one the last answer reported', async () => {
    const t = ctx();
    const cup = await importCup(t);
    const [row] = await ok(t, 'GET', `/result_bets/index/${cup.leagueId}?matchday=1`, cup.member.token);
    const values = Array.from({ length: 200 }, (_, i) => [i % 10, Math.floor(i / 10) % 10] as const);
    const answers: { local_goals: number; visiting_goals: number }[] = [];
    await Promise.all(values.map(async ([local, visiting]) => {
      const res = await call(t.app, {
        method: 'POST', url: api('/result_bets/update_result_bet'), token: cup.member.token,
        payload: { result_bet_id: row.id, local_goals: local, visiting_goals: visiting },
      });
      expect(res.statusCode).toBe(200);
      answers.push({ local_goals: res.data.local_goals, visiting_goals: res.data.visiting_goals });
    }));
    const stored = await t.deps.db.selectFrom('result_bets').select(['id', 'local_goals', 'visiting_goals'])
      .where('league_id', '=', cup.leagueId).where('user_id', '=', cup.member.id).where('match_id', '=', row.match_id).where('mode', '=', 0)
      .execute();
    expect(stored).toEqual([{ id: row.id, local_goals: expect.any(Number), visiting_goals: expect.any(Number) }]);
    expect(values.some(([l, v]) => l === stored[0].local_goals && v === stored[0].visiting_goals)).toBe(true);
    expect(answers[answers.length - 1]).toEqual({ local_goals: stored[0].local_goals, visiting_goals: stored[0].visiting_goals });
    const [read] = await ok(t, 'GET', `/result_bets/index/${cup.leagueId}?matchday=1`, cup.member.token);
    expect([read.local_goals, read.visiting_goals]).toEqual([stored[0].local_goals, stored[0].visiting_goals]);
  }, 120_000);

  run('concurrent joins: one membership per user, and the member count matches', async () => {
    const t = ctx();
    const cup = await importCup(t);
    const league = await ok(t, 'GET', `/leagues/${cup.leagueId}`, cup.owner.token);
    const newcomers: Player[] = [];
    for (let i = 0; i < 5; i++) newcomers.push(await createPlayer(t.deps, { name: `New ${i}` }));
    const attempts = [...newcomers, ...newcomers, newcomers[0], newcomers[0]];
    const statuses = await Promise.all(attempts.map(async (p) => (await call(t.app, {
      method: 'POST', url: api('/leagues/join'), token: p.token, payload: { league_id: cup.leagueId, invitation_token: league.share_token },
    })).statusCode));
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const members: any[] = await ok(t, 'GET', `/leagues/leagues_users/${cup.leagueId}`, cup.owner.token);
    expect(members).toHaveLength(7);
    expect(new Set(members.map((x) => x.user_id)).size).toBe(7);
    expect((await ok(t, 'GET', `/leagues/${cup.leagueId}`, cup.owner.token)).members_count).toBe(7);
    const table = await ok(t, 'GET', `/leagues/users_league_table/${cup.leagueId}`, cup.owner.token);
    expect(table.users).toHaveLength(7);
  }, 120_000);

  run('bets written while results arrive leave the same standings as a full recomputation', async () => {
    const t = ctx();
    const cup = await importCup(t);
    const players = [cup.owner, cup.member];
    for (let i = 0; i < 6; i++) {
      const p = await createPlayer(t.deps, { name: `Racer ${i}` });
      await ok(t, 'POST', '/leagues/join', p.token, {
        league_id: cup.leagueId, invitation_token: (await ok(t, 'GET', `/leagues/${cup.leagueId}`, cup.owner.token)).share_token,
      });
      players.push(p);
    }
    // Everyone bets on matchdays 1 and 2; then, while matchday 1's results are revealed, members rewrite their
    // matchday 2 bets and an admin corrects every matchday 1 bet (each correction rescores and refreshes the table).
    const rows = new Map<number, any[]>();
    for (const p of players) {
      const mine = [
        ...await ok(t, 'GET', `/result_bets/index/${cup.leagueId}?matchday=1`, p.token),
        ...await ok(t, 'GET', `/result_bets/index/${cup.leagueId}?matchday=2`, p.token),
      ];
      rows.set(p.id, mine);
      await Promise.all(mine.map((r, i) => ok(t, 'POST', '/result_bets/update_result_bet', p.token,
        { result_bet_id: r.id, local_goals: (p.id + i) % 3, visiting_goals: (p.id * i) % 2 })));
    }
    const day1: any[] = await ok(t, 'GET', `/matches/index/${cup.competitionId}?matchday=1`, null);
    t.clock.set(Math.max(...day1.map((m) => Date.parse(m.date))) + 2 * HOUR + MINUTE);
    const rewrites = players.flatMap((p) => rows.get(p.id)!.filter((r) => r.match.matchday === 2).map((r) =>
      ok(t, 'POST', '/result_bets/update_result_bet', p.token, { result_bet_id: r.id, local_goals: 2, visiting_goals: 2 })));
    const corrections = players.flatMap((p) => rows.get(p.id)!.filter((r) => r.match.matchday === 1).map((r, i) =>
      ok(t, 'POST', '/result_bets/update_result_bet', cup.admin.token, { result_bet_id: r.id, local_goals: (p.id + i) % 4, visiting_goals: i % 2 })));
    await Promise.all([...corrections.slice(0, 4), ok(t, 'POST', '/update/update', cup.admin.token), ...corrections.slice(4), ...rewrites]);
    // The revealed results reach the table through their jobs.
    await settleResultJobs(t.deps);

    const before = await ok(t, 'GET', `/leagues/users_league_table/${cup.leagueId}`, cup.owner.token);
    expect(before.last_played_matchday).toBe(1);
    expect(before.users.some((u: any) => u.points > 0)).toBe(true);
    await ok(t, 'POST', `/update/update_competition_points/${cup.competitionId}`, cup.admin.token);
    const after = await ok(t, 'GET', `/leagues/users_league_table/${cup.leagueId}`, cup.owner.token);
    expect(before).toEqual(after);
  }, 120_000);

  run('an admin correction made while results are being revealed is scored against the revealed result', async () => {
    const t = ctx();
    const cup = await importCup(t);
    const rows: any[] = await ok(t, 'GET', `/result_bets/index/${cup.leagueId}?matchday=1`, cup.member.token);
    const row = rows.sort((a, b) => Date.parse(a.match.date) - Date.parse(b.match.date))[0];
    await ok(t, 'POST', '/result_bets/update_result_bet', cup.member.token, { result_bet_id: row.id, local_goals: 0, visiting_goals: 0 });
    // The opening match of the file ends 2-0. The reveal holds its transaction open while the admin corrects the bet.
    t.clock.set(Date.parse(row.match.date) + 2 * HOUR + MINUTE);
    let correction: Promise<any> | undefined;
    await t.deps.db.transaction().execute(async (trx) => {
      expect(await revealDueResults(trx, t.clock.now(), cup.competitionId)).toContain(row.match_id);
      correction = call(t.app, {
        method: 'POST', url: api('/result_bets/update_result_bet'), token: cup.admin.token,
        payload: { result_bet_id: row.id, local_goals: 2, visiting_goals: 0 },
      });
      await new Promise((done) => setTimeout(done, 300));
    });
    expect((await correction!).statusCode).toBe(200);
    const stored = (await ok(t, 'GET', `/result_bets/index/${cup.leagueId}?matchday=1`, cup.member.token)).find((r: any) => r.id === row.id);
    expect(stored).toMatchObject({ id: row.id, local_goals: 2, visiting_goals: 0, modified_after_start: true, points: 5 });
    await settleResultJobs(t.deps);
    const table = await ok(t, 'GET', `/leagues/users_league_table/${cup.leagueId}`, cup.owner.token);
    expect(table.users.find((u: any) => u.user_id === cup.member.id)).toMatchObject({ points_by_matchday: { 1: 5 }, points: 5 });
  }, 120_000);
});
