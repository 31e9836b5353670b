import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { seriousViolations } from './accessibility';
import { newVisitor, screenshots, settle } from './browser';
import { demoAdminPassword, eventually, signIn, type World } from './scenarios';

type Bet = { id: number; match_id: number; local_goals: number | null; visiting_goals: number | null; allow_edit_bets: boolean; match: { date: string; matchday: number } };

/** The snackbar's text (every entry). */
const snackbarText = (page: Page) => page.locator('.MuiSnackbar-root').allInnerTexts().then((texts) => texts.join('\n'));

/**
 * Issue 14 §3: bets saved without a connection wait in IndexedDB and are sent, in order, when it comes back.
 * Olga (a new player in her own league on the demo cup) goes offline on the bets screen, bets on two matches and
 * changes one of them twice, then undoes the last change; the snackbar shows the two waiting saves and the server
 * has nothing yet. Meanwhile the admin moves the second match's kickoff into the past (its deadline passes). When
 * the connection returns, the first bet reaches the server, the second is refused, and the snackbar says both.
 * At phone width; axe on the bets screen with the saves waiting, at both widths.
 */
export async function offlineSaveReplayed(w: World): Promise<void> {
  const email = `olga-${Date.now()}@e2e.test`;
  const password = 'secret-pass-1';
  await w.api.call('POST', '/users', { locale: null, body: { api_v1_user: { name: 'Olga', email, password, password_confirmation: password } } });
  const { token } = await w.api.signIn(email, password);
  const competitions = await w.api.call<Array<{ id: number; finished: boolean; is_league: boolean }>>('GET', '/competition/index');
  const cup = competitions.find((competition) => !competition.finished && !competition.is_league) ?? competitions[0];
  const { league } = await w.api.call<{ league: { id: number } }>('POST', '/leagues', { token, body: { league: { name: 'Offline league', competition_id: cup.id } } });
  const betsNow = () => w.api.call<Bet[]>('GET', `/result_bets/index/${league.id}`, { token });

  const { context, page } = await newVisitor(w.browser, w.origin);
  // On a phone, as on a train.
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(w, page, 'Olga', email, password);
  await page.goto(`/result_bets/new?league_id=${league.id}`);
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
  const found: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    found.push(...(await seriousViolations(page, 'bets screen, saves waiting', width)).serious);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshots(page, 'offline-pending');
  const before = await betsNow();
  for (const bet of [first, second]) {
    const saved = before.find((row) => row.id === bet.id)!;
    assert.deepEqual([saved.local_goals, saved.visiting_goals], [bet.local_goals, bet.visiting_goals], 'nothing reached the server while offline');
  }

  // The second match's deadline passes while Olga is offline: the admin moves its kickoff a minute into the past.
  const admin = await w.api.signIn('admin@porra.demo', demoAdminPassword(w));
  const originalDate = second.match.date;
  await w.api.call('PUT', `/matches/${second.match_id}`, { token: admin.token, body: { match: { date: new Date(Date.now() - 60_000).toISOString() } } });
  try {
    await context.setOffline(false);
    await eventually(async () => {
      const after = await betsNow();
      const sent = after.find((row) => row.id === first.id)!;
      assert.deepEqual([sent.local_goals, sent.visiting_goals], [2, 1]);
    }, 15_000);
    const refused = (await betsNow()).find((row) => row.id === second.id)!;
    assert.deepEqual([refused.local_goals, refused.visiting_goals], [second.local_goals, second.visiting_goals], 'the late bet was refused');
    await eventually(async () => {
      const text = await snackbarText(page);
      assert.match(text, /Sent the bet saved offline: .*2-1/);
      assert.match(text, /1-1 not saved: /);
    }, 15_000);
    await screenshots(page, 'offline-replayed');
    assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
    // Reloaded, nothing is waiting any more.
    await page.reload();
    await page.locator('[data-testid^=bet-row-]').first().waitFor();
    await settle(page);
    assert.doesNotMatch(await snackbarText(page), /waiting for the connection/);
  } finally {
    await w.api.call('PUT', `/matches/${second.match_id}`, { token: admin.token, body: { match: { date: originalDate } } });
    await context.close();
  }
}
