import assert from 'node:assert/strict';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots } from '../support/pages';
import { adminToken, betsOf, earliestOpenBet, newLeague, newPlayer, restoreMatchAtEnd, signIn, signInAdmin } from '../support/players';
import { eventually } from '../support/world';
import { PHONE, BOTH_WIDTHS } from '../support/viewports';

type TableRow = { user_id: number; points: number; position: number };

/*
 * The table moves while the ball rolls. Lia and Max play a league of their own; both bet on the next open match
 * (Lia 1-0, Max 0-2). Lia keeps the league page open at phone width; the match kicks off (its kickoff is moved a
 * minute into the past) and in another window the demo admin puts it in play at 1-0. Without a reload Lia's page
 * shows the live score, a provisional table with Lia first (arrows: Max down one place), then, once the admin
 * finishes the match, the final table (still provisional while a demo match of its own is in play). The match is
 * put back at the end. axe on the live page.
 */
test('the league table moves live, without a reload, when an admin enters a goal in another window', async ({ world: w }) => {
  const lia = await newPlayer(w, 'Lia');
  const max = await newPlayer(w, 'Max');
  const league = await newLeague(w, lia, 'Live league', [max]);
  const open = await earliestOpenBet(w, lia, league.id);
  const maxBet = (await betsOf(w, max, league.id, `?matchday=${open.match.matchday}`)).find((bet) => bet.match_id === open.match_id)!;
  await w.api.call('POST', '/result_bets/update_result_bet', { token: lia.token, body: { result_bet_id: open.id, local_goals: 1, visiting_goals: 0 } });
  await w.api.call('POST', '/result_bets/update_result_bet', { token: max.token, body: { result_bet_id: maxBet.id, local_goals: 0, visiting_goals: 2 } });

  const player = await newVisitor(w);
  await player.page.setViewportSize(PHONE);
  await signIn(w, player.page, 'Lia', lia.email, lia.password);
  await player.page.goto(`/leagues/${league.id}`);
  const table = player.page.getByRole('table', { name: 'League table' });
  await table.waitFor();
  // The stream is connected: "Live", or "Provisional" while a match of the demo cup is in play already (the demo
  // plays its own at 12:00, 15:00, 18:00 and 20:00 UTC).
  await player.page.getByText(/^(Live|Provisional)$/).waitFor();

  const admin = await newVisitor(w);
  await signInAdmin(w, admin.page);
  // The match kicked off a minute ago: its bet window has closed, so a provisional table may count the bets on it
  // (before that the streams send the stored table).
  await restoreMatchAtEnd(w, open.match_id);
  await w.api.call('PUT', `/matches/${open.match_id}`, { token: await adminToken(w), body: { match: { date: new Date(Date.now() - 60_000).toISOString() } } });
  const enter = async (status: 'In play' | 'Finished') => {
    await admin.page.goto(`/admin/matches/${open.match_id}`);
    await admin.page.getByRole('textbox', { name: 'Home goals', exact: true }).fill('1');
    await admin.page.getByRole('textbox', { name: 'Away goals', exact: true }).fill('0');
    await admin.page.getByRole('combobox', { name: 'Status' }).click();
    await admin.page.getByRole('option', { name: status }).click();
    await admin.page.getByRole('button', { name: 'Save' }).click();
  };
  const reloads: string[] = [];
  player.page.on('framenavigated', (frame) => { if (frame === player.page.mainFrame()) reloads.push(frame.url()); });

  await enter('In play');
  await player.page.getByText('Provisional', { exact: true }).waitFor({ timeout: 15_000 });
  const scores = player.page.getByRole('region', { name: 'Live scores' });
  await scores.getByTestId(`live-match-${open.match_id}`).getByText('1-0').waitFor();
  const rows = table.getByRole('row');
  await eventually(async () => assert.match(await rows.nth(1).innerText(), /Lia/));
  await rows.nth(2).getByRole('img', { name: 'Down 1 place' }).waitFor();
  const found = await seriousViolationsAt(player.page, 'league page, live', BOTH_WIDTHS);
  await screenshots(w, player.page, 'league-live-provisional');

  await enter('Finished');
  // The match leaves the live scores, and the table its provisional state unless another match is still in play.
  await eventually(async () => {
    assert.equal(await scores.getByTestId(`live-match-${open.match_id}`).count(), 0);
    const othersInPlay = await scores.locator('[data-testid^="live-match-"]').count();
    assert.ok(othersInPlay > 0 || await player.page.getByText('Provisional', { exact: true }).count() === 0, 'provisional with no match in play');
  }, 15_000);
  await eventually(async () => assert.match(await rows.nth(1).innerText(), /Lia/));
  assert.deepEqual(reloads, [], 'the league page was not reloaded');
  const stored = await w.api.call<{ users: TableRow[] }>('GET', `/leagues/users_league_table/${league.id}`, { token: lia.token });
  assert.equal(stored.users[0].user_id, lia.id);
  assert.ok(stored.users[0].points > 0);
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
  w.notes.push(`live table moved at 390 px without reload; Lia ${stored.users[0].points} points`);
});
