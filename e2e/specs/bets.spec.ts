import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, newLeague, newPlayer, openMatchday, restoreMatchAtEnd, signIn, signInAdmin, type Bet } from '../support/players';
import { eventually, type Person, type World } from '../support/world';

/** Chooses the goals of one match on the bets screen (the selects, as a keyboard or mouse user would). */
async function bet(page: Page, matchId: number, local: number, visiting: number): Promise<void> {
  const selects = page.getByTestId(`bet-row-${matchId}`).locator('select');
  await selects.nth(0).selectOption(String(local));
  await selects.nth(1).selectOption(String(visiting));
}

async function openBets(page: Page, leagueId: number, matchday: number): Promise<void> {
  await page.goto(`/result_bets/new?league_id=${leagueId}&matchday=${matchday}`);
  await page.locator('[data-testid^=bet-row-]').first().waitFor();
  await settle(page);
}

/** Waits until the server has `goals` as the person's bet on the match. */
const expectSaved = (w: World, person: Person, leagueId: number, matchId: number, goals: [number, number]) => eventually(async () => {
  const found = (await betsOf(w, person, leagueId, `?match_id=${matchId}`)).find((row) => row.match_id === matchId && row.user_id === person.id);
  assert.ok(found, `no bet of ${person.name} on match ${matchId}`);
  assert.deepEqual([found.local_goals, found.visiting_goals], goals);
});

test('bets entered with the mouse and the keyboard are saved, undone and redone, and score in the table and the badges once an admin enters the result', async ({ world: w }) => {
  const aliceAccount = await newPlayer(w, 'Alice');
  const bobAccount = await newPlayer(w, 'Bob');
  const league = await newLeague(w, aliceAccount, 'Bets league', [bobAccount]);
  const alice = await newVisitor(w);
  const bob = await newVisitor(w);
  const { page } = alice;
  await signIn(w, page, 'Alice', aliceAccount.email, aliceAccount.password);
  await signIn(w, bob.page, 'Bob', bobAccount.email, bobAccount.password);
  const { matchday, open } = await openMatchday(w, aliceAccount, league.id);
  const [first, second] = open.map((row) => row.match_id);

  await openBets(page, league.id, matchday);
  await bet(page, first, 2, 1);
  await bet(page, second, 1, 1);
  await expectSaved(w, aliceAccount, league.id, second, [1, 1]);
  await screenshots(w, page, 'bets');
  await openBets(bob.page, league.id, matchday);
  await bet(bob.page, first, 0, 0);
  // Bob enters his second score with the keyboard only: focus, type the goals, Tab to the away side.
  await bob.page.getByTestId(`bet-row-${second}`).locator('select').nth(0).focus();
  await bob.page.keyboard.press('2');
  await bob.page.keyboard.press('Tab');
  await bob.page.keyboard.press('0');
  await expectSaved(w, bobAccount, league.id, second, [2, 0]);

  // Alice changes her mind, undoes with the keyboard and redoes with the button: the saved bet follows.
  await page.getByTestId(`bet-row-${first}`).locator('select').nth(0).selectOption('3');
  await expectSaved(w, aliceAccount, league.id, first, [3, 1]);
  await page.keyboard.press('Control+z');
  await expectSaved(w, aliceAccount, league.id, first, [2, 1]);
  assert.equal(await page.getByTestId(`bet-row-${first}`).locator('select').nth(0).inputValue(), '2');
  await page.keyboard.press('Control+Shift+z');
  await expectSaved(w, aliceAccount, league.id, first, [3, 1]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectSaved(w, aliceAccount, league.id, first, [2, 1]);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expectSaved(w, aliceAccount, league.id, first, [3, 1]);

  // The demo admin enters the result 3-1 by hand in the match editor (the match is put back at the end).
  await restoreMatchAtEnd(w, first);
  const admin = await newVisitor(w);
  await signInAdmin(w, admin.page);
  await admin.page.goto(`/admin/matches/${first}`);
  await admin.page.getByRole('textbox', { name: 'Home goals', exact: true }).fill('3');
  await admin.page.getByRole('textbox', { name: 'Away goals', exact: true }).fill('1');
  await admin.page.getByRole('combobox', { name: 'Status' }).click();
  await admin.page.getByRole('option', { name: 'Finished' }).click();
  await screenshots(w, admin.page, 'admin-match');
  await admin.page.getByRole('button', { name: 'Save' }).click();
  await eventually(async () => {
    const match = await w.api.call<{ finished: boolean; local_goals: number }>('GET', `/matches/${first}`);
    assert.equal(match.finished, true);
    assert.equal(match.local_goals, 3);
  });
  await admin.context.close();

  // Exact result: 5 points for Alice, 0 for Bob, in the table and in the badge's tooltip.
  await page.goto(`/leagues/${league.id}`);
  await eventually(async () => {
    // Columns: #, name, matchday, results, extra points, total, matchday wins.
    const total = await page.locator('tr').filter({ hasText: 'Alice' }).first().locator('td').nth(5).textContent();
    assert.equal(total?.trim(), '5', "Alice's total in the league table");
  });
  await screenshots(w, page, 'league');
  await bob.page.goto(`/leagues/${league.id}`);
  await bob.page.locator('tr').filter({ hasText: 'Bob' }).first().waitFor();
  const table = await w.api.call<{ users: Array<{ user_name: string; points: number }> }>('GET', `/leagues/users_league_table/${league.id}`, { token: bobAccount.token });
  assert.deepEqual(table.users.map((row) => [row.user_name, row.points]), [['Alice', 5], ['Bob', 0]]);

  await openBets(page, league.id, matchday);
  const badge = page.getByTestId(`bet-row-${first}`).getByLabel('5 points', { exact: true });
  await badge.hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  await eventually(async () => assert.match((await tooltip.textContent()) ?? '', /5/));
  await screenshots(w, page, 'bets-points-tooltip');
  await bob.page.goto(`/result_bets/new?league_id=${league.id}&matchday=${matchday}`);
  await bob.page.getByTestId(`bet-row-${first}`).getByLabel('0 points', { exact: true }).hover();
  await bob.page.getByRole('tooltip').waitFor();
});

test('a save refused because the deadline passed while the page was open shows the saved bet again, not the refused one', async ({ world: w }) => {
  const account = await newPlayer(w, 'Dana');
  const league = await newLeague(w, account, 'Deadline league');
  const { page } = await newVisitor(w);
  // The page hears nothing from the live stream (as a phone that has just lost it): it cannot know the deadline moved.
  await page.route('**/api/v1/*/live/**', (route) => route.abort());
  await signIn(w, page, 'Dana', account.email, account.password);
  const { matchday, open } = await openMatchday(w, account, league.id);
  const matchId = open[0]!.match_id;
  await openBets(page, league.id, matchday);
  await bet(page, matchId, 2, 1);
  await expectSaved(w, account, league.id, matchId, [2, 1]);

  // While the page stays open, an admin moves the kickoff to two minutes from now: the bet's deadline has passed.
  await restoreMatchAtEnd(w, matchId);
  await w.api.call('PUT', `/matches/${matchId}`, { token: await adminToken(w), body: { match: { date: new Date(Date.now() + 2 * 60_000).toISOString() } } });
  const selects = page.getByTestId(`bet-row-${matchId}`).locator('select');
  await selects.nth(0).selectOption('4');

  // The server refuses it and the page says why; the cell shows the bet the server holds, 2-1, not the refused 4-1.
  await page.getByText('The deadline for this bet has passed').first().waitFor();
  await eventually(async () => assert.deepEqual([await selects.nth(0).inputValue(), await selects.nth(1).inputValue()], ['2', '1']));
  await expectSaved(w, account, league.id, matchId, [2, 1]);
  // After a reload the server's own answer agrees: the bet is closed and reads 2-1.
  await page.reload();
  await page.getByTestId(`bet-row-${matchId}`).waitFor();
  assert.equal(await page.getByTestId(`bet-row-${matchId}`).locator('select').count(), 0);
  assert.match((await page.getByTestId(`bet-row-${matchId}`).textContent()) ?? '', /2\s*-\s*1/);
});

test('a played match is locked on the bets screen and by the API, and shows the other members\' bets', async ({ world: w }) => {
  const { page } = await newVisitor(w);
  const ana = await signIn(w, page, 'Ana', 'ana@porra.demo');
  const luis = await w.api.signIn('luis@porra.demo', 'porra-demo');
  const luisPerson = { name: 'Luis', email: 'luis@porra.demo', password: 'porra-demo', ...luis };
  const leagues = await w.api.call<Array<{ id: number; competition_id: number }>>('GET', '/leagues/index', { token: ana.token });
  const demo = leagues[0];
  const info = await w.api.call<{ lastPlayedMatchday: number }>('GET', `/matches/info_matchday/${demo.competition_id}`);
  // A match the demo played (not one another test finished by hand before its kickoff).
  let played: Bet | undefined;
  for (let matchday = info.lastPlayedMatchday; matchday >= 1 && !played; matchday -= 1) {
    played = (await betsOf(w, ana, demo.id, `?matchday=${matchday}`)).find((row) => row.match.finished && Date.parse(row.match.date) < Date.now());
  }
  assert.ok(played, 'the demo has a played match');
  const playedMatchday = played.match.matchday;
  assert.equal(played.allow_edit_bets, false);
  await screenshots(w, page, 'home-demo');

  await page.goto(`/result_bets/new?league_id=${demo.id}&matchday=${playedMatchday}`);
  const row = page.getByTestId(`bet-row-${played.match_id}`);
  await row.waitFor();
  assert.equal(await row.locator('select').count(), 0, 'a locked bet shows no selects');
  await settle(page);
  await screenshots(w, page, 'bets-locked');
  await assert.rejects(
    w.api.call('POST', '/result_bets/update_result_bet', { token: ana.token, body: { result_bet_id: played.id, local_goals: 1, visiting_goals: 0 } }),
    (error: { status?: number }) => error.status !== undefined && error.status >= 400 && error.status < 500,
  );

  const luisBet = (await betsOf(w, luisPerson, demo.id, `?match_id=${played.match_id}`)).find((bet) => bet.user_id === luis.id);
  assert.ok(luisBet && luisBet.local_goals !== null, 'Luis bet on the played match');
  await page.goto(`/matches/${played.match_id}/show_bets?league_id=${demo.id}`);
  const luisRow = page.getByTestId(`match-bet-${luis.id}`);
  await luisRow.waitFor();
  assert.match((await luisRow.textContent()) ?? '', new RegExp(`${luisBet.local_goals}-${luisBet.visiting_goals}`));
  await settle(page);
  await screenshots(w, page, 'match-bets');
  await page.goto(`/leagues/${demo.id}/summary?matchday=${playedMatchday}`);
  await page.getByRole('table').waitFor();
  await settle(page);
  await screenshots(w, page, 'bets-summary');
  await page.getByRole('tab', { name: 'By result' }).click();
  await screenshots(w, page, 'bets-summary-results');
  await page.goto(`/leagues/${demo.id}`);
  await settle(page);
  await screenshots(w, page, 'league-demo');
});

test('round picks and the top-scorer pick are made on the bets screen, and a simulated result moves the projected table until reset', async ({ world: w }) => {
  const alice = await newPlayer(w, 'Alice');
  const league = await newLeague(w, alice, 'Picks league');
  const { matchday, open } = await openMatchday(w, alice, league.id);
  // Alice's real bet on the second open match is 1-1.
  const second = open[1];
  await w.api.call('POST', '/result_bets/update_result_bet', { token: alice.token, body: { result_bet_id: second.id, local_goals: 1, visiting_goals: 1 } });
  const { page } = await newVisitor(w);
  await signIn(w, page, 'Alice', alice.email, alice.password);
  await page.goto(`/result_bets/new?league_id=${league.id}&matchday=${matchday}`);

  // Round picks lock before the round before theirs: pick in the first rule still open.
  type Rule = { allow_edit_bets: boolean; picks_made: number; league_rule: { id: number } };
  const rounds = await w.api.call<Rule[]>('GET', `/round_bets/index/${league.id}`, { token: alice.token });
  const openRound = rounds.find((rule) => rule.allow_edit_bets);
  assert.ok(openRound, 'a round rule is still open');
  const round = page.getByTestId(`round-rule-${openRound.league_rule.id}`);
  await round.locator('[aria-pressed=false]:not(.Mui-disabled)').first().click();
  await eventually(async () => assert.match((await round.getByTestId('picks-count').textContent()) ?? '', /^1 of/));
  const picked = await w.api.call<Rule[]>('GET', `/round_bets/index/${league.id}`, { token: alice.token });
  assert.equal(picked.find((rule) => rule.league_rule.id === openRound.league_rule.id)?.picks_made, 1);

  // Top scorer: picked on screen while open; the demo cup has started, so its rule is usually closed already.
  const people = await w.api.call<Rule[]>('GET', `/person_bets/index/${league.id}`, { token: alice.token });
  const scorer = people[0];
  assert.ok(scorer, 'the league has a top-scorer rule');
  const person = page.getByTestId(`person-rule-${scorer.league_rule.id}`);
  if (scorer.allow_edit_bets) {
    const options = await person.locator('select option').allTextContents();
    await person.locator('select').selectOption({ index: 1 });
    await person.getByText(options[1], { exact: true }).waitFor();
    const after = await w.api.call<Rule[]>('GET', `/person_bets/index/${league.id}`, { token: alice.token });
    assert.equal(after[0].picks_made, 1);
  } else {
    assert.equal(await person.locator('select').count(), 0, 'a closed top-scorer rule offers no choice');
    w.notes.push('top-scorer rule closed (the demo cup has started): checked that the screen offers no pick');
  }
  await screenshots(w, page, 'bets-picks');

  await page.getByRole('button', { name: 'Simulate results' }).click();
  await page.waitForURL(/mode=1/);
  const table = page.getByTestId('simulation-table');
  await table.waitFor();
  const projected = async () => {
    const answer = await w.api.call<{ users: Array<{ user_name: string; points: number }> }>('GET', `/leagues/users_league_table/${league.id}?mode=1`, { token: alice.token });
    return answer.users.find((row) => row.user_name === 'Alice')!.points;
  };
  // Columns: #, name, matchday, results, extra points, total, matchday wins.
  const shown = async () => Number(((await table.locator('tr').filter({ hasText: 'Alice' }).first().locator('td').nth(5).textContent()) ?? '').trim());
  const before = await projected();
  await eventually(async () => assert.equal(await shown(), before));
  // Simulating the result Alice bet on gives her the exact hit's 5 points in the projected table.
  const selects = page.getByTestId(`bet-row-${second.match_id}`).locator('select');
  await selects.nth(0).selectOption('1');
  await selects.nth(1).selectOption('1');
  await eventually(async () => assert.equal(await projected(), before + 5));
  await eventually(async () => assert.equal(await shown(), before + 5));
  w.notes.push(`projected total of Alice: ${before} -> ${before + 5} after simulating her bet's result`);
  await settle(page);
  await screenshots(w, page, 'simulation');
  await page.getByRole('button', { name: 'Reset the simulation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset the simulation' }).click();
  await eventually(async () => assert.equal(await shown(), before));
});
