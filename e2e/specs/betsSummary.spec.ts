import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { betsOf, newPlayer, openCup, openMatchday, signIn, type Bet } from '../support/players';
import { eventually, type Person, type World } from '../support/world';
import { PHONE } from '../support/viewports';

/** A league of `owner` on the demo cup with one joker each (×2), joined by `members`. */
async function leagueWith(w: World, owner: Person, members: Person[]): Promise<number> {
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number; share_token: string } }>('POST', '/leagues', {
    token: owner.token, body: { league: { name: `Summary ${w.stamp}`, competition_id: cup.id, jokers: { count: 1, multiplier: 2 } } },
  });
  for (const member of members) {
    await w.api.call('POST', '/leagues/join', { token: member.token, body: { league_id: league.id, invitation_token: league.share_token } });
  }
  return league.id;
}

const save = (w: World, person: Person, bet: Bet, goals: [number, number], joker?: boolean) => w.api.call('POST', '/result_bets/update_result_bet', {
  token: person.token, body: { result_bet_id: bet.id, local_goals: goals[0], visiting_goals: goals[1], ...(joker === undefined ? {} : { joker }) },
});

/** The person's bet on the same match as `bet`. */
const sameMatch = async (w: World, person: Person, leagueId: number, matchday: number, bet: Bet) =>
  (await betsOf(w, person, leagueId, `?matchday=${matchday}`)).find((row) => row.match_id === bet.match_id)!;

async function openSummary(page: Page, leagueId: number, matchday: number, viewer: Person): Promise<void> {
  await page.goto(`/leagues/${leagueId}/summary?matchday=${matchday}`);
  await page.getByTestId(`summary-row-${viewer.id}`).waitFor();
  await settle(page);
}

/** Whether the element lies wholly inside the page's width (a phone shows it without scrolling sideways). */
const inView = async (page: Page, testId: string) => {
  const box = await page.getByTestId(testId).boundingBox();
  const width = page.viewportSize()!.width;
  return !!box && box.x >= 0 && box.x + box.width <= width;
};

/*
 * Before the deadline of a matchday Alice has bet on two matches (a joker on one) and Bob on one; Carla has opened
 * her page and bet nothing. On the summary Alice sees her own bets, Bob's and Carla's marked hidden (never "no
 * bet", which would tell Carla's apart); Bob, in Spanish, sees his own and Alice's hidden, and neither page shows a
 * score the viewer did not bet. On a phone the points column stays in view while the matches scroll. The bets page
 * says in words what its clock and joker star mean and which match still has no bet, and the save counts bets.
 */
test("bets summary before the deadline: the viewer's own bets, the others' hidden, points in view on a phone", async ({ world: w }) => {
  const aliceAccount = await newPlayer(w, 'Alice');
  const bobAccount = await newPlayer(w, 'Bob');
  const carla = await newPlayer(w, 'Carla');
  const leagueId = await leagueWith(w, aliceAccount, [bobAccount, carla]);
  const { matchday, open } = await openMatchday(w, aliceAccount, leagueId, 2);
  const [first, second] = open;
  await save(w, aliceAccount, first, [2, 1], true);
  await save(w, aliceAccount, second, [0, 3]);
  await save(w, bobAccount, await sameMatch(w, bobAccount, leagueId, matchday, first), [4, 4]);
  await sameMatch(w, carla, leagueId, matchday, first);

  const alice = await newVisitor(w);
  await signIn(w, alice.page, 'Alice', aliceAccount.email, aliceAccount.password);
  await openSummary(alice.page, leagueId, matchday, aliceAccount);
  const page = alice.page;
  await page.getByText("Before the deadline you see your own bets; the others' are shown once bets lock.").waitFor();
  assert.equal(await page.getByTestId(`summary-cell-${aliceAccount.id}-${first.match_id}`).innerText(), '2-1');
  assert.equal(await page.getByTestId(`summary-cell-${aliceAccount.id}-${second.match_id}`).innerText(), '0-3');
  for (const other of [bobAccount, carla]) {
    const cell = page.getByTestId(`summary-cell-${other.id}-${first.match_id}`);
    await cell.getByLabel('Hidden until the deadline').waitFor();
    assert.equal(await cell.getByText('No bet').count(), 0, `${other.name}'s bet is hidden, not missing`);
  }
  assert.equal(await page.getByText('4-4').count(), 0, "Bob's bet is not on Alice's page");
  await screenshots(w, page, 'bets-summary-before-deadline-en');
  await page.setViewportSize(PHONE);
  await eventually(async () => assert.ok(await inView(page, `summary-points-${aliceAccount.id}`), 'the points column is in view on a phone'));

  // The bets page: the legend says what the clock and the star mean, and a match without her bet says so.
  await page.goto(`/result_bets/new?league_id=${leagueId}&matchday=${matchday}`);
  await page.locator('[data-testid^=bet-row-]').first().waitFor();
  const legend = page.getByTestId('bet-marks-legend');
  await legend.getByText('Hidden from the others until the deadline').waitFor();
  await legend.getByText("Joker: this bet's points ×2").waitFor();
  const third = open[2];
  if (third) await page.getByTestId(`bet-row-${third.match_id}`).getByTestId('no-bet-yet').getByText('No bet yet').waitFor();
  await screenshots(w, page, 'bets-marks-en');

  const bob = await newVisitor(w, 'es-ES');
  await signIn(w, bob.page, 'Bob', bobAccount.email, bobAccount.password);
  await openSummary(bob.page, leagueId, matchday, bobAccount);
  assert.equal(await bob.page.getByTestId(`summary-cell-${bobAccount.id}-${first.match_id}`).innerText(), '4-4');
  await bob.page.getByTestId(`summary-cell-${aliceAccount.id}-${first.match_id}`).getByLabel('Oculta hasta el cierre').waitFor();
  assert.equal(await bob.page.getByText('2-1').count(), 0, "Alice's bet is not on Bob's page");
  await screenshots(w, bob.page, 'bets-summary-before-deadline-es');
  await bob.page.setViewportSize(PHONE);
  await eventually(async () => assert.ok(await inView(bob.page, `summary-points-${bobAccount.id}`), 'the points column is in view on a phone'));

  // Bob's bets page in Spanish: the legend and two bets saved at once, counted.
  await bob.page.goto(`/result_bets/new?league_id=${leagueId}&matchday=${matchday}`);
  await bob.page.locator('[data-testid^=bet-row-]').first().waitFor();
  await bob.page.getByTestId('bet-marks-legend').getByText('Oculta a los demás hasta el cierre').waitFor();
  await bob.page.getByTestId(`bet-row-${second.match_id}`).getByText('Aún sin apuesta').waitFor();
  const selectsOf = (matchId: number) => bob.page.getByTestId(`bet-row-${matchId}`).locator('select');
  await selectsOf(second.match_id).nth(0).selectOption('1');
  await selectsOf(first.match_id).nth(0).selectOption('2');
  await bob.page.getByTestId('snackbar').getByText('2 apuestas guardadas').waitFor();
  await screenshots(w, bob.page, 'bets-marks-es');
});

/*
 * A played matchday: everyone's bets are shown, and a member who did not bet reads "no bet" (en and es).
 */
test('bets summary of a played matchday: a member without a bet reads "no bet"', async ({ world: w }) => {
  const aliceAccount = await newPlayer(w, 'Alice');
  const carla = await newPlayer(w, 'Carla');
  const leagueId = await leagueWith(w, aliceAccount, [carla]);
  const current = await betsOf(w, aliceAccount, leagueId);
  let played: Bet | undefined;
  for (let matchday = Math.max(...current.map((bet) => bet.match.matchday)); matchday >= 1 && !played; matchday -= 1) {
    played = (await betsOf(w, aliceAccount, leagueId, `?matchday=${matchday}`)).find((bet) => bet.match.finished && bet.allow_show_bets);
  }
  assert.ok(played, 'the demo has a played match');
  await betsOf(w, carla, leagueId, `?matchday=${played.match.matchday}`);

  for (const [locale, noBet, name] of [['en-US', 'No bet', 'bets-summary-played-en'], ['es-ES', 'Sin apuesta', 'bets-summary-played-es']] as const) {
    const { page } = await newVisitor(w, locale);
    await signIn(w, page, 'Alice', aliceAccount.email, aliceAccount.password);
    await openSummary(page, leagueId, played.match.matchday, aliceAccount);
    await page.getByTestId(`summary-cell-${carla.id}-${played.match_id}`).getByText(noBet).waitFor();
    assert.equal(await page.getByTestId(`summary-cell-${carla.id}-${played.match_id}`).locator('[data-cell=hidden]').count(), 0);
    await screenshots(w, page, name);
  }
});
