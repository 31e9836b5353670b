import fc from 'fast-check';
import { ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';
import { createCup, type CupFixture } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { memberStandings } from '../../testing/standingsReads';
import { createLeague } from '../../features/resultBets/testing/betsTestFixture';
import { recomputeAfterResults, recomputeCompetition } from '../rescoring/recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// A few dozen recomputes per run on real databases, on a shared machine.
jest.setTimeout(120_000);

/** Everything a recompute writes, in a stable order, and the standings tables derive from it. */
async function storedStandings(db: Executor) {
  const leagues = await db.selectFrom('leagues').select('id').orderBy('id').execute();
  const derived = [];
  for (const { id } of leagues) derived.push(...[...(await memberStandings(db, id)).values()].sort((a, b) => a.user_id - b.user_id));
  return {
    members: await db.selectFrom('league_members')
      .select(['league_id', 'user_id', 'points_rounds', 'points_people', 'points_bonus'])
      .orderBy('league_id').orderBy('user_id').execute(),
    matchdays: await db.selectFrom('member_matchday_points').select(['league_id', 'user_id', 'matchday', 'points'])
      .orderBy('league_id').orderBy('user_id').orderBy('matchday').execute(),
    derived,
  };
}

type Event =
  | { kind: 'result'; matches: number[]; local: number; visiting: number; extra: boolean }
  | { kind: 'withdraw'; match: number }
  | { kind: 'goals'; person: number; goals: number };

/** A cup of 2 groups, leagues with different rules (one playing only some teams), bets with gaps, top-scorer picks. */
async function world(db: Executor, deps: Parameters<typeof createUserWithToken>[0], now: number) {
  const cup = await createCup(db, { start: now - 30 * 86_400_000 });
  const users: Awaited<ReturnType<typeof createUserWithToken>>[] = [];
  for (let i = 0; i < 5; i++) users.push(await createUserWithToken(deps));
  const members = users.map((u, i) => ({ id: u.id, department: i % 2 ? 'A' : null }));
  const leagues = [
    await createLeague(db, { competitionId: cup.competitionId, ownerId: users[0].id, members }),
    await createLeague(db, { competitionId: cup.competitionId, ownerId: users[1].id, members: members.slice(1), bets_system: 'sign' }),
    await createLeague(db, { competitionId: cup.competitionId, ownerId: users[2].id, members: members.slice(0, 4), knockout_basis: 'extra_time', points_system: 'winner' }),
    await createLeague(db, { competitionId: cup.competitionId, ownerId: users[3].id, members: members.slice(2), selectedTeamIds: cup.teamIds.slice(0, 3), start_matchday: 2 }),
  ];
  const matchIds = [...cup.groupMatchIds, ...cup.knockoutMatchIds];
  let seed = 11;
  const next = () => { seed = (seed * 53 + 7) % 97; return seed; };
  const bets = [];
  for (const leagueId of leagues) {
    const rows = await db.selectFrom('league_members').select('user_id').where('league_id', '=', leagueId).execute();
    for (const { user_id } of rows) {
      for (const match_id of matchIds) {
        const empty = next() % 7 === 0;
        bets.push({ league_id: leagueId, user_id, match_id, local_goals: empty ? null : next() % 3, visiting_goals: empty ? null : next() % 3, updated_at: 0 });
      }
    }
  }
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, bets)).execute();
  const people = await db.insertInto('people').values(cup.teamIds.slice(0, 3).map((team_id, i) => ({ name: `Scorer ${i}`, team_id, external_key: `scorer-${cup.competitionId}-${i}` })))
    .returning('id').execute();
  await db.insertInto('person_bets').values(leagues.slice(0, 2).flatMap((league_id, l) => users.slice(1, 4).map((u, i) => ({
    league_id, user_id: u.id, league_rule_id: cup.ruleIds[ROUND.TOP_SCORER], person_id: people[(i + l) % people.length].id, mode: 0, updated_at: 0,
  })))).execute();
  return { cup, matchIds, people: people.map((p) => p.id) };
}

async function play(db: Executor, cup: CupFixture, matchIds: number[], people: number[], event: Event): Promise<number[]> {
  if (event.kind === 'goals') {
    const person_id = people[event.person % people.length];
    await db.deleteFrom('person_stats').where('competition_id', '=', cup.competitionId).where('person_id', '=', person_id).execute();
    await db.insertInto('person_stats').values({ competition_id: cup.competitionId, person_id, goals: event.goals, assists: 0 }).execute();
    return [];
  }
  if (event.kind === 'withdraw') {
    const id = matchIds[event.match % matchIds.length];
    await db.updateTable('matches').set({ finished: 0, status: 'scheduled', local_goals: null, visiting_goals: null }).where('id', '=', id).execute();
    return [id];
  }
  const ids = event.matches.map((m) => matchIds[m % matchIds.length]);
  for (const [i, id] of ids.entries()) {
    await db.updateTable('matches').set({
      started: 1, finished: 1, status: 'finished', local_goals: (event.local + i) % 4, visiting_goals: event.visiting,
      ...(event.extra && { local_goals_extra_time: 1, visiting_goals_extra_time: 0 }),
    }).where('id', '=', id).execute();
  }
  return ids;
}

const events: fc.Arbitrary<Event> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('result' as const), matches: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), local: fc.nat(3), visiting: fc.nat(3), extra: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), match: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('goals' as const), person: fc.nat(), goals: fc.nat(4) }) },
);

describeEachDb('incremental standings after results', (ctx) => {
  it('equal a full recompute after any sequence of results, corrections, withdrawn results and scorer goals', async () => {
    const { db } = ctx().deps;
    const { cup, matchIds, people } = await world(db, ctx().deps, ctx().clock.now());
    await recomputeCompetition(db, cup.competitionId);
    let reachedWinners = false;
    await fc.assert(fc.asyncProperty(fc.array(events, { minLength: 1, maxLength: 8 }), async (sequence) => {
      for (const event of sequence) {
        const ids = await play(db, cup, matchIds, people, event);
        await db.transaction().execute((trx) => recomputeAfterResults(trx, cup.competitionId, ids));
        const incremental = await storedStandings(db);
        await db.transaction().execute((trx) => recomputeCompetition(trx, cup.competitionId));
        expect(incremental).toEqual(await storedStandings(db));
        if (incremental.derived.some((m) => m.matchday_wins > 0)) reachedWinners = true;
      }
    }), { numRuns: 12 });
    // The runs did reach the interesting states (a matchday decided, with its winners).
    expect(reachedWinners).toBe(true);
  });
});
