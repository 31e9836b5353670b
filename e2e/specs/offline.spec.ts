import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { adminToken, betsOf, newLeague, newPlayer, openMatchday, restoreMatchAtEnd, signIn } from '../support/players';
import { eventually } from '../support/world';
import { PHONE, BOTH_WIDTHS } from '../support/viewports';

/** The snackbar's text (every entry). */
const snackbarText = (page: Page) => page.locator('.MuiSnackbar-root').allInnerTexts().then((texts) => texts.join('\n'));

/*
 * Bets saved without a connection wait in IndexedDB and are sent, in order, when it comes back. Olga (a new player
 * in her own league on the demo cup) goes offline on the bets screen at phone width, bets on two matches and
 * changes one of them, then undoes the change; the snackbar shows the two waiting saves and the server has nothing
 * yet. Meanwhile the admin moves the second match's kickoff into the past (its deadline passes). When the
 * connection returns, the first bet reaches the server, the second is refused, and the snackbar says both.
 */
test('bets saved offline wait on the device and are sent on reconnection, and a bet past its deadline is refused and reported', async ({ world: w }) => {
  const olga = await newPlayer(w, 'Olga');
  const league = await newLeague(w, olga, 'Offline league');
  const { matchday } = await openMatchday(w, olga, league.id);
  const betsNow = () => betsOf(w, olga, league.id, `?matchday=${matchday}`);

  const { context, page } = await newVisitor(w);
  // On a phone, as on a train.
  await page.setViewportSize(PHONE);
  await signIn(w, page, 'Olga', olga.email, olga.password);
  await page.goto(`/result_bets/new?league_id=${league.id}&matchday=${matchday}`);
  await page.locator('[data-testid^=bet-row-]').first().waitFor();
  await settle(page);
  // Two open matches shown on the screen.
  const shown = await page.locator('[data-testid^=bet-row-]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-testid')!.replace('bet-row-', ''))));
  const open = (await betsNow()).filter((bet) => bet.allow_edit_bets && shown.includes(bet.match_id));
  assert.ok(open.length >= 2, 'two open matches on the bets screen');
  const [first, second] = open;
  const selects = (matchId: number) => page.getByTestId(`bet-row-${matchId}`).locator('select');

  await context.setOffline(true);
  await selects(first.match_id).nth(0).selectOption('2');
  await selects(first.match_id).nth(1).selectOption('1');
  await selects(second.match_id).nth(0).selectOption('1');
  await selects(second.match_id).nth(1).selectOption('1');
  await selects(second.match_id).nth(0).selectOption('3');
  // Undo works on the waiting edits: the second bet is back to 1-1.
  await page.getByRole('button', { name: 'Undo' }).click();
  await eventually(async () => assert.equal(await selects(second.match_id).nth(0).inputValue(), '1'));
  await eventually(async () => assert.match(await snackbarText(page), /2 bets saved on this device, waiting for the connection/));
  // The bets screen with saves waiting, at both widths.
  const found = await seriousViolationsAt(page, 'bets screen, saves waiting', BOTH_WIDTHS);
  await page.setViewportSize(PHONE);
  await screenshots(w, page, 'offline-pending');
  const before = await betsNow();
  for (const bet of [first, second]) {
    const saved = before.find((row) => row.id === bet.id)!;
    assert.deepEqual([saved.local_goals, saved.visiting_goals], [bet.local_goals, bet.visiting_goals], 'nothing reached the server while offline');
  }

  // The second match's deadline passes while Olga is offline: the admin moves its kickoff a minute into the past.
  await restoreMatchAtEnd(w, second.match_id);
  await w.api.call('PUT', `/matches/${second.match_id}`, { token: await adminToken(w), body: { match: { date: new Date(Date.now() - 60_000).toISOString() } } });
  await context.setOffline(false);
  await eventually(async () => {
    const sent = (await betsNow()).find((row) => row.id === first.id)!;
    assert.deepEqual([sent.local_goals, sent.visiting_goals], [2, 1]);
  }, 15_000);
  const refused = (await betsNow()).find((row) => row.id === second.id)!;
  assert.deepEqual([refused.local_goals, refused.visiting_goals], [second.local_goals, second.visiting_goals], 'the late bet was refused');
  await eventually(async () => {
    const text = await snackbarText(page);
    assert.match(text, /Sent the bet saved offline: .*2-1/);
    assert.match(text, /1-1 not saved: /);
  }, 15_000);
  await screenshots(w, page, 'offline-replayed');
  assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
  // Reloaded, nothing is waiting any more.
  await page.reload();
  await page.locator('[data-testid^=bet-row-]').first().waitFor();
  await settle(page);
  assert.doesNotMatch(await snackbarText(page), /waiting for the connection/);
});
