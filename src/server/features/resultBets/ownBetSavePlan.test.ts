import type { CompiledQuery } from 'kysely';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call } from '../../testing/harness';
import { createLeague } from './testing/betsTestFixture';
import type { AuthUser } from '../../platform/http/context';
import { saveOwnOpenBet } from './ownBetSave';
import * as resultBets from './resultBetsService';
import { loggedPostgresEachTest } from '../../testing/loggedPostgres';

/**
 * A save of one's own open bet costs the same in a league of 20 members or 200,000: its statement reads the saved
 * bet and no other. PostgreSQL plans (and costs) every subquery of a statement, even one in a CASE branch that never
 * runs, and a subquery over the league's bets on the match (the crowd's quote when scoring a bet) is estimated at
 * the league's size: past the JIT threshold, every save was compiled (2 s at 200,000 members). Checked on the plan:
 * no subquery of the save's statements, alone or batched, or on the checked path (a joker), reads result_bets.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
if (!process.env.TEST_DATABASE_URL) console.log('ownBetSavePlan.test.ts: TEST_DATABASE_URL is not set, the plan is PostgreSQL\'s');

interface PlanNode { 'Relation Name'?: string; 'Parent Relationship'?: string; 'Subplan Name'?: string; Plans?: PlanNode[] }

/**
 * The relations read under a subquery of a plan (a SubPlan or InitPlan, but not the statement's own CTEs, which
 * PostgreSQL shows as InitPlans too), never-run ones included.
 */
function readBySubqueries(node: PlanNode, inSubquery = false, out: string[] = []): string[] {
  const subquery = ['SubPlan', 'InitPlan'].includes(node['Parent Relationship'] ?? '') && !node['Subplan Name']?.startsWith('CTE ');
  const under = inSubquery || subquery;
  if (under && node['Relation Name']) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) readBySubqueries(child, under, out);
  return out;
}

/** Every relation a plan reads, never-run nodes included. */
function relationsOf(node: PlanNode, out: string[] = []): string[] {
  if (node['Relation Name']) out.push(node['Relation Name']);
  for (const child of node.Plans ?? []) relationsOf(child, out);
  return out;
}

onPostgres('the plan of saving one\'s own open bet [postgres]', () => {
  const world = loggedPostgresEachTest(2);

  async function planOf(statement: CompiledQuery): Promise<PlanNode> {
    const { rows } = await world.client.query(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.parameters as unknown[]);
    return rows[0]['QUERY PLAN'][0].Plan;
  }

  /** No subquery of the world.statements on result_bets world.logged so far reads result_bets. */
  async function expectNoSubqueryReadsBets() {
    const onBets = world.statements.filter((s) => s.sql.includes('result_bets'));
    expect(onBets.length).toBeGreaterThan(0);
    for (const statement of onBets) {
      const plan = await planOf(statement);
      expect(relationsOf(plan).filter((name) => name.startsWith('result_bets')).length).toBeGreaterThan(0);
      expect(readBySubqueries(plan).filter((name) => name.startsWith('result_bets'))).toEqual([]);
    }
  }

  async function setup() {
    const { db } = world.t.deps;
    const cup = await createCup(db, { start: world.t.clock.now() + 3 * 3_600_000 });
    const [ana, bob] = await Promise.all(['Ana', 'Bob'].map((name) => createUserWithToken(world.t.deps, { name })));
    const leagueId = await createLeague(db, {
      competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }, { id: bob.id }], joker_count: 1,
    });
    // A `quote` league: scoring one of its bets reads the league's other bets on the match.
    await db.updateTable('leagues').set({ scoring_mode: 'quote' }).where('id', '=', leagueId).execute();
    const betOf = async (token: string) => (await call(world.t.app, { method: 'GET', url: `/api/v1/en/result_bets/index/${leagueId}`, token })).data[0].id as number;
    return { ana, bob, anaBet: await betOf(ana.token), bobBet: await betOf(bob.token) };
  }

  it('reads the saved bets and no other, alone and in a batch', async () => {
    const { ana, bob, anaBet, bobBet } = await setup();
    const now = world.t.clock.now();
    const save = (betId: number, userId: number) => saveOwnOpenBet(world.logged, 'postgres', { betId, userId, local: 2, visiting: 1, now, signOk: true });

    world.statements = [];
    expect(await save(anaBet, ana.id)).toMatchObject({ id: anaBet, local_goals: 2, points: null });
    // Saves arriving together: one statement over the batch.
    const both = await Promise.all([save(bobBet, bob.id), save(anaBet, ana.id)]);
    expect(both.map((row) => row?.id)).toEqual([bobBet, anaBet]);
    expect(world.statements.some((s) => s.sql.includes('unnest('))).toBe(true);
    await expectNoSubqueryReadsBets();
  });

  it('reads no other bet on the checked path either (a joker played with the goals)', async () => {
    const { ana, anaBet } = await setup();
    const user = { id: ana.id, name: 'Ana', is_admin: false, locale: 'en' } as AuthUser;
    world.statements = [];
    const saved = await resultBets.update({ ...world.t.deps, db: world.logged }, user, { result_bet_id: anaBet, local_goals: 1, visiting_goals: 0, joker: true });
    expect(saved).toMatchObject({ id: anaBet, local_goals: 1, joker: true, points: null });
    await expectNoSubqueryReadsBets();
  });
});
