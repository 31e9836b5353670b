import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague } from './testing/betsTestFixture';

/**
 * The bets summary reads every member's bet on a match (match_id) before its deadline too: the caller's own bet comes
 * with its goals and joker, another member's with nothing that tells what they bet.
 */

const HOUR = 3_600_000;
const url = (path: string) => `/api/v1/en${path}`;
type Row = { user_id: number; id: number; match_id: number; local_goals: number | null; visiting_goals: number | null; local_goals_edit: number | null;
  visiting_goals_edit: number | null; joker: boolean; points: number | null; allow_show_bets: boolean; updated_at: string | null };

async function setUp(t: TestApp) {
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(t.deps.db, { start });
  const alice = await createUserWithToken(t.deps, { name: 'Alice' });
  const bob = await createUserWithToken(t.deps, { name: 'Bob' });
  const leagueId = await createLeague(t.deps.db, { competitionId: cup.competitionId, ownerId: alice.id, members: [{ id: alice.id }, { id: bob.id }], joker_count: 1 });
  const rowsOf = async (token: string, query: string): Promise<Row[]> =>
    (await call(t.app, { method: 'GET', url: url(`/result_bets/index/${leagueId}${query}`), token })).data;
  const save = async (token: string, id: number, goals: [number, number], joker?: boolean) => {
    const saved = await call(t.app, { method: 'POST', url: url('/result_bets/update_result_bet'), token,
      payload: { result_bet_id: id, local_goals: goals[0], visiting_goals: goals[1], ...(joker === undefined ? {} : { joker }) } });
    expect(saved.statusCode).toBe(200);
  };
  const [aliceBet] = await rowsOf(alice.token, '');
  const bobBet = (await rowsOf(bob.token, '')).find((row) => row.match_id === aliceBet.match_id)!;
  await save(alice.token, aliceBet.id, [2, 1], true);
  await save(bob.token, bobBet.id, [0, 3]);
  return { start, alice, bob, leagueId, rowsOf, matchId: aliceBet.match_id };
}

describeEachDb("the bets summary's rows before the deadline", (ctx) => {
  it("sends the caller's own bet on a match with its goals and joker, and the other member's without anything of theirs", async () => {
    const t = ctx();
    const s = await setUp(t);
    const rows = await s.rowsOf(s.bob.token, `?match_id=${s.matchId}`);
    const own = rows.find((row) => row.user_id === s.bob.id)!;
    const other = rows.find((row) => row.user_id === s.alice.id)!;
    expect(own).toMatchObject({ local_goals: 0, visiting_goals: 3, allow_show_bets: false });
    expect(other).toMatchObject({ local_goals: null, visiting_goals: null, local_goals_edit: null, visiting_goals_edit: null, joker: false, points: null, allow_show_bets: false });
    // Nor when it last changed, which would tell whether Alice has bet at all.
    expect(other.updated_at).toBeNull();
    expect(own.updated_at).toEqual(expect.any(String));
    const alicesOwn = (await s.rowsOf(s.alice.token, `?match_id=${s.matchId}`)).find((row) => row.user_id === s.alice.id);
    expect(alicesOwn).toMatchObject({ local_goals: 2, visiting_goals: 1, joker: true });
    // Nor through the member's page, nor the league's latest bets.
    const alicesPage = await s.rowsOf(s.bob.token, `?user_id=${s.alice.id}&matchday=1`);
    expect(alicesPage.filter((row) => row.local_goals !== null || row.joker)).toEqual([]);
    const last = (await call(t.app, { method: 'GET', url: url(`/result_bets/last_bets/${s.leagueId}`), token: s.bob.token })).data as Row[];
    expect(last.map((row) => row.id)).not.toContain(other.id);
  });

  it("shows everyone's bet and joker once the deadline has passed", async () => {
    const t = ctx();
    const s = await setUp(t);
    t.clock.set(s.start - BET_LOCK_MS);
    const other = (await s.rowsOf(s.bob.token, `?match_id=${s.matchId}`)).find((row) => row.user_id === s.alice.id)!;
    expect(other).toMatchObject({ local_goals: 2, visiting_goals: 1, joker: true, allow_show_bets: true, updated_at: expect.any(String) });
  });
});
