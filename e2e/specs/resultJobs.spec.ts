import assert from 'node:assert/strict';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, earliestOpenBet, newLeague, newPlayer, restoreMatchAtEnd, signInAdmin } from '../support/players';
import { BOTH_WIDTHS } from '../support/viewports';
import { eventually } from '../support/world';

type Table = { users: Array<{ user_id: number; points: number }> };
type Runs = { runs: Array<{ id: number; kind: string; outcome: string; progress?: { leagues_done: number; leagues_total: number } }> };

/*
 * A result applied in the background. Ada bets 2-1 on the earliest open match of her league and the admin enters
 * 2-1: the admin's answer comes at once, and the league's table shows her points once the result job has reached her
 * league. The admin's process history lists the job done, every league of the cup with the result. axe at both widths.
 */
test('result jobs: a result reaches the league tables in the background, and the process history shows it done', async ({ world: w }) => {
  const ada = await newPlayer(w, 'Ada');
  const league = await newLeague(w, ada, 'Result job league');
  const bet = await earliestOpenBet(w, ada, league.id);
  await w.api.call('POST', '/result_bets/update_result_bet', { token: ada.token, body: { result_bet_id: bet.id, local_goals: 2, visiting_goals: 1 } });
  await restoreMatchAtEnd(w, bet.match_id);
  const admin = await adminToken(w);
  await w.api.call('PUT', `/matches/${bet.match_id}`, { token: admin, body: { match: { status: 'finished', local_goals: 2, visiting_goals: 1 } } });

  const points = await eventually(async () => {
    const table = await w.api.call<Table>('GET', `/leagues/users_league_table/${league.id}`, { token: ada.token });
    const row = table.users.find((user) => user.user_id === ada.id);
    assert.ok(row && row.points > 0, "Ada's exact bet counts in her league's table");
    return row.points;
  }, 30_000);
  const run = await eventually(async () => {
    const { runs } = await w.api.call<Runs>('GET', '/admin/processes?kind=apply_results', { token: admin });
    const done = runs.find((item) => item.outcome === 'done' && item.progress && item.progress.leagues_done === item.progress.leagues_total);
    assert.ok(done, 'a result job is done');
    return done;
  }, 30_000);

  const { page } = await newVisitor(w);
  await signInAdmin(w, page);
  await page.goto('/admin/processes');
  const item = page.getByTestId(`process-run-${run.id}`);
  await item.getByRole('heading', { name: 'Result applied to league tables' }).waitFor();
  await item.getByText(/of \d+ leagues? ha(s|ve) the result/).waitFor();
  await settle(page);
  const found = await seriousViolationsAt(page, 'admin console, process history with a result job', BOTH_WIDTHS);
  await screenshots(w, page, 'result-job');
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
  w.notes.push(`Ada's table shows ${points} points; result job run ${run.id} done (${run.progress!.leagues_done}/${run.progress!.leagues_total} leagues)`);
});
