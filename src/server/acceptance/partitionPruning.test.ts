import { createCup } from '../testing/competitionFixture';
import type { TestApp } from '../testing/harness';
import { createUserWithToken } from '../testing/fixtures';
import { withMatchCompetitions } from '../testing/betCompetitions';
import { createLeague, finishMatch } from '../features/resultBets/testing/betsTestFixture';
import { listMatchdayBets, updateBetGoals } from '../features/resultBets/resultBetsRepository';
import { refreshMatchdayRows } from '../domain/standings/standingsRefresh';
import { listMatchdayPoints } from '../domain/standings/standingsRepository';
import { rankLeagues } from '../domain/standings/rankLeagues';
import { recomputeAfterResults } from '../domain/rescoring/recompute';
import { loggedPostgresEachTest } from '../testing/loggedPostgres';

/**
 * On PostgreSQL the hot statements on result_bets and member_matchday_points name their competition, so they read
 * one partition of each: EXPLAIN (ANALYZE, FORMAT JSON) of each statement (rolled back) shows no other competition's
 * partition, nor the DEFAULT one, scanned. The statement itself names the competition, so the planner drops the
 * other partitions; a correlated subquery (the crowd's quote) names its match's and PostgreSQL drops them as it runs.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
if (!process.env.TEST_DATABASE_URL) console.log('partitionPruning.test.ts: TEST_DATABASE_URL is not set, partitions exist on PostgreSQL only');

const PARTITIONED = ['result_bets', 'member_matchday_points'];

/** Every relation a plan read, from EXPLAIN (ANALYZE, FORMAT JSON): nodes never run do not count. */
function relationsOf(plan: any, out = new Set<string>()): Set<string> {
  if (plan['Relation Name'] && plan['Actual Loops'] > 0) out.add(plan['Relation Name']);
  for (const child of plan.Plans ?? []) relationsOf(child, out);
  return out;
}

async function setup(t: TestApp) {
  const { db } = t.deps;
  const start = t.clock.now() + 3_600_000;
  const [live, other] = [await createCup(db, { start, name: 'Live Cup' }), await createCup(db, { start, name: 'Other Cup' })];
  const [ana, bob] = await Promise.all(['Ana', 'Bob'].map((name) => createUserWithToken(t.deps, { name })));
  const leagues = [];
  for (const cup of [live, other]) {
    const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }, { id: bob.id }] });
    // The crowd's quote reads the league's other bets on the match: the one subquery whose competition is a column.
    await db.updateTable('leagues').set({ scoring_mode: 'quote' }).where('id', '=', leagueId).execute();
    leagues.push(leagueId);
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [ana, bob].flatMap((u, i) => cup.groupMatchIds.slice(0, 4)
      .map((match_id) => ({ league_id: leagueId, user_id: u.id, match_id, local_goals: i, visiting_goals: 0, updated_at: 0 }))))).execute();
    for (const id of cup.groupMatchIds.slice(0, 2)) await finishMatch(db, id, 1, 0);
    await recomputeAfterResults(db, cup.competitionId, cup.groupMatchIds.slice(0, 2));
  }
  const bet = await db.selectFrom('result_bets').select('id').where('league_id', '=', leagues[0]).where('user_id', '=', ana.id)
    .orderBy('id').executeTakeFirstOrThrow();
  return { competitionId: live.competitionId, leagueId: leagues[0], ana, betId: bet.id };
}

onPostgres('partition pruning of the hot statements [postgres]', () => {
  const world = loggedPostgresEachTest(1);

  /** The partitions of result_bets and member_matchday_points that the world.statements world.logged since `from` read. */
  async function partitionsRead(from = 0): Promise<string[]> {
    const read = new Set<string>();
    const touching = world.statements.slice(from).filter((s) => PARTITIONED.some((table) => s.sql.includes(table)));
    expect(touching.length).toBeGreaterThan(0);
    // Run again in order (a rebuild deletes, then inserts), in a transaction rolled back.
    await world.client.query('BEGIN');
    try {
      for (const statement of touching) {
        const { rows } = await world.client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, statement.parameters as unknown[]);
        for (const name of relationsOf(rows[0]['QUERY PLAN'][0].Plan)) {
          if (PARTITIONED.some((table) => name.startsWith(`${table}_`))) read.add(name);
        }
      }
    } finally {
      await world.client.query('ROLLBACK');
    }
    return [...read].sort();
  }

  it('a league\'s bets of a matchday read one partition', async () => {
    const s = await setup(world.t);
    await listMatchdayBets(world.logged, { leagueId: s.leagueId, competitionId: s.competitionId, userId: s.ana.id, matchday: 1, mode: 0 });
    expect(await partitionsRead()).toEqual([`result_bets_c${s.competitionId}`]);
  });

  it('a checked bet save writes one partition', async () => {
    const s = await setup(world.t);
    await updateBetGoals(world.logged, { betId: s.betId, competitionId: s.competitionId, local: 2, visiting: 2, now: 1 });
    expect(await partitionsRead()).toEqual([`result_bets_c${s.competitionId}`]);
  });

  it('the rebuild of a league\'s matchday rows after a result reads and writes one partition of each table', async () => {
    const s = await setup(world.t);
    await world.logged.transaction().execute((trx) =>
      refreshMatchdayRows(trx, { competitionId: s.competitionId, leagueIds: [s.leagueId], matchdays: [1] }, 'replace'));
    expect(await partitionsRead()).toEqual([`member_matchday_points_c${s.competitionId}`, `result_bets_c${s.competitionId}`]);
  });

  it('the table read (matchday rows) and the ranking of the league read one partition of the matchday rows, and no bet', async () => {
    const s = await setup(world.t);
    await listMatchdayPoints(world.logged, s.leagueId, s.competitionId);
    expect(await partitionsRead()).toEqual([`member_matchday_points_c${s.competitionId}`]);
    await rankLeagues(world.logged, { competitionId: s.competitionId, leagueId: s.leagueId });
    expect(await partitionsRead()).toEqual([`member_matchday_points_c${s.competitionId}`]);
  });

  it('without the competition a statement reads every partition (the checks above can fail)', async () => {
    const s = await setup(world.t);
    await world.logged.selectFrom('result_bets').select('id').where('league_id', '=', s.leagueId).execute();
    const read = await partitionsRead();
    expect(read).toContain('result_bets_default');
    expect(read.length).toBeGreaterThan(2);
  });
});
