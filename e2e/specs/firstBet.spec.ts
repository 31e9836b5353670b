import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, newPlayer, openCup, openMatchday, restoreMatchAtEnd, signIn, type Bet } from '../support/players';
import { eventually, type Person, type World } from '../support/world';
import { BOTH_WIDTHS, DESKTOP, PHONE } from '../support/viewports';

const MINUTE = 60_000;

/** A league of `owner` on the demo cup, with `jokers` per member (×2). */
async function leagueOf(w: World, owner: Person, name: string, jokers = 0): Promise<number> {
  const cup = await openCup(w);
  const { league } = await w.api.call<{ league: { id: number } }>('POST', '/leagues', {
    token: owner.token, body: { league: { name: `${name} ${w.stamp}`, competition_id: cup.id, jokers: { count: jokers, multiplier: 2 } } },
  });
  return league.id;
}

/** Moves a match's kickoff two minutes ahead: its bets close now (5 minutes before), and it has not started. */
async function closeWithoutStarting(w: World, bet: Bet): Promise<number> {
  await restoreMatchAtEnd(w, bet.match_id);
  const kickoff = Date.now() + 2 * MINUTE;
  await w.api.call('PUT', `/matches/${bet.match_id}`, { token: await adminToken(w), body: { match: { date: new Date(kickoff).toISOString() } } });
  return kickoff - 5 * MINUTE;
}

/** The closed note as the page's own clock and language write it: "Cerrado el 21/11, 11:55", "Closed on 21 Nov, 11:55". */
const closedText = (page: Page, deadline: number, language: 'es' | 'en') => page.evaluate(([at, lang]) => {
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return lang === 'es'
    ? `Cerrado el ${pad(date.getDate())}/${pad(date.getMonth() + 1)}, ${time}`
    : `Closed on ${date.getDate()} ${date.toLocaleString('en-GB', { month: 'short' })}, ${time}`;
}, [deadline, language] as const);

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/*
 * Nuria, a new player, opens the bets page of her new league in Spanish on a phone: it opens on the earliest
 * matchday still taking bets. A match there whose deadline has just passed (its kickoff moved two minutes ahead)
 * reads "Cerrado el <día/mes, hora>". She bets on another: "Apuesta guardada" shows over the top bar, clear of the
 * bets, and leaves. axe at both widths.
 */
test('first bet in Spanish on a phone: opens on the matchday taking bets, a passed deadline reads closed, and "Apuesta guardada" stays clear of the bets', async ({ world: w }) => {
  const nuria = await newPlayer(w, 'Nuria');
  const leagueId = await leagueOf(w, nuria, 'Primera apuesta');
  const earliest = await openMatchday(w, nuria, leagueId, 1);
  const { matchday, open } = await openMatchday(w, nuria, leagueId, 2);

  const { page } = await newVisitor(w, 'es-ES');
  await page.setViewportSize(PHONE);
  await signIn(w, page, 'Nuria', nuria.email, nuria.password);
  await page.goto(`/result_bets/new?league_id=${leagueId}`);
  await page.locator('[data-testid^=bet-row-]').first().waitFor();
  await eventually(async () => assert.equal(await page.getByRole('combobox', { name: 'Jornada' }).inputValue(), String(earliest.matchday)));
  await settle(page);
  await screenshots(w, page, 'bets-open-matchday');

  const [closing, target] = open;
  const deadline = await closeWithoutStarting(w, closing);
  await page.goto(`/result_bets/new?league_id=${leagueId}&matchday=${matchday}`);
  const closedRow = page.getByTestId(`bet-row-${closing.match_id}`);
  await closedRow.getByTestId('bet-closed').waitFor();
  assert.equal(await closedRow.getByTestId('bet-closed').textContent(), await closedText(page, deadline, 'es'));
  assert.equal(await closedRow.locator('select').count(), 0, 'a closed bet offers no choice');
  await settle(page);
  await screenshots(w, page, 'bets-closed-deadline');

  const row = page.getByTestId(`bet-row-${target.match_id}`);
  const home = row.getByRole('combobox', { name: /^Goles del local, .+ contra .+$/ });
  await home.selectOption('2');
  const saved = page.getByTestId('notification').filter({ hasText: 'Apuesta guardada' });
  await saved.waitFor();
  // Over the top bar, never over the bets.
  const [snackbar, topBar, rowBox] = await Promise.all([page.getByTestId('snackbar').boundingBox(), page.locator('header').boundingBox(), row.boundingBox()]);
  assert.ok(snackbar && topBar && rowBox);
  assert.ok(snackbar.y + snackbar.height <= topBar.y + topBar.height, `the snackbar (${JSON.stringify(snackbar)}) stays within the top bar (${JSON.stringify(topBar)})`);
  assert.ok(!overlaps(snackbar, rowBox), 'the snackbar does not cover the bet row');
  await screenshots(w, page, 'bets-saved');
  await eventually(async () => {
    const mine = (await betsOf(w, nuria, leagueId, `?match_id=${target.match_id}`)).find((bet) => bet.id === target.id)!;
    assert.deepEqual([mine.local_goals, mine.visiting_goals], [2, 0]);
  });
  await saved.waitFor({ state: 'detached', timeout: 6_000 });
  const found = await seriousViolationsAt(page, 'bets (es)', BOTH_WIDTHS);
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
});

/*
 * Oto, a new player, bets in English on a laptop in his league with 3 jokers: a passed deadline reads "Closed on
 * <day month, time>"; the joker of a match without a bet cannot be played; he bets ("Bet saved"), plays a joker
 * (2 of 3 jokers left), undoes it with Ctrl+Z and redoes it with Ctrl+Y, the server following each step. axe at
 * both widths.
 */
test('first bet in English on a laptop: closed wording, "Bet saved", and a joker played only on a bet, undone and redone with Ctrl+Y', async ({ world: w }) => {
  const oto = await newPlayer(w, 'Oto');
  const leagueId = await leagueOf(w, oto, 'First bet', 3);
  const { matchday, open } = await openMatchday(w, oto, leagueId, 2);
  const [closing, target] = open;
  const deadline = await closeWithoutStarting(w, closing);

  const { page } = await newVisitor(w);
  await page.setViewportSize(DESKTOP);
  await signIn(w, page, 'Oto', oto.email, oto.password);
  await page.goto(`/result_bets/new?league_id=${leagueId}&matchday=${matchday}`);
  const closedRow = page.getByTestId(`bet-row-${closing.match_id}`);
  await closedRow.getByTestId('bet-closed').waitFor();
  assert.equal(await closedRow.getByTestId('bet-closed').textContent(), await closedText(page, deadline, 'en'));

  const left = page.getByTestId('jokers-left');
  await left.getByText('3 of 3 jokers left (×2)').waitFor();
  const joker = page.getByTestId(`joker-${target.match_id}`);
  assert.ok(await joker.isDisabled(), 'no joker on a match without a bet');
  const row = page.getByTestId(`bet-row-${target.match_id}`);
  await row.getByRole('combobox', { name: /^Home goals, .+ v .+$/ }).selectOption('1');
  await row.getByRole('combobox', { name: /^Away goals, .+ v .+$/ }).selectOption('0');
  await page.getByTestId('notification').filter({ hasText: 'Bet saved' }).first().waitFor();

  const jokerOnServer = (expected: boolean) => eventually(async () => {
    const mine = (await betsOf(w, oto, leagueId, `?match_id=${target.match_id}`)).find((bet) => bet.id === target.id)!;
    assert.equal(mine.joker, expected, `joker ${expected ? 'played' : 'taken off'} on the server`);
  });
  await joker.click();
  await left.getByText('2 of 3 jokers left (×2)').waitFor();
  assert.equal(await joker.getAttribute('aria-pressed'), 'true');
  await jokerOnServer(true);
  await settle(page);
  await screenshots(w, page, 'bets-joker');

  await page.keyboard.press('Control+z');
  await jokerOnServer(false);
  await left.getByText('3 of 3 jokers left (×2)').waitFor();
  await page.keyboard.press('Control+y');
  await jokerOnServer(true);
  await left.getByText('2 of 3 jokers left (×2)').waitFor();
  assert.equal(await joker.getAttribute('aria-pressed'), 'true');
  const found = await seriousViolationsAt(page, 'bets with a joker (en)', BOTH_WIDTHS);
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
});
