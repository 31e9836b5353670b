import assert from 'node:assert/strict';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor } from '../support/pages';
import { betsOf, signIn, signUp } from '../support/players';
import { eventually } from '../support/world';
import { PHONE, DESKTOP, viewportOf } from '../support/viewports';

/*
 * No serious or critical axe-core violations on the main pages, at desktop and phone width, for a visitor, a new
 * player whose address is not confirmed yet, and a demo player. Keyboard entry of a score is in bets.spec.ts.
 */
test('the main pages have no serious accessibility violations at desktop and phone width', async ({ world: w }) => {
  const found: string[] = [];
  const minor: string[] = [];
  let views = 0;
  /** Checks `path` at both widths on `page`; `ready` waits for what must be on screen before axe runs. */
  const check = async (page: Page, label: string, path: string, ready?: () => Promise<unknown>) => {
    for (const width of [DESKTOP.width, PHONE.width]) {
      await page.setViewportSize(viewportOf(width));
      await page.goto(path);
      if (ready) await ready();
      const result = await seriousViolations(page, label, width);
      found.push(...result.serious);
      minor.push(...result.minor);
      views += 1;
    }
  };
  const { page } = await newVisitor(w);
  const newcomer = await newVisitor(w);
  await check(page, 'sign in', '/users/sign_in', () => page.locator('input[type=password]').waitFor());

  // A newcomer whose address is not confirmed yet: the banner, a dead verification link, then the real one.
  const dora = newcomer.page;
  // A long address (28 characters): the banner that shows it must wrap at phone width, not scroll sideways.
  const doraAccount = await signUp(w, dora, 'Doroteamariana');
  const banner = () => dora.getByTestId('verify-email-banner').first().waitFor();
  await check(dora, 'verify-email banner', '/', banner);
  await check(dora, 'verify email, dead link', '/verify_email?token=no-such-link', banner);
  const mail = await eventually(async () => {
    const link = (await w.inbox.mails()).filter((item) => item.to.includes(doraAccount.email))
      .map((item) => /https?:\/\/[^\s"'<>]+\/verify_email\?token=[A-Za-z0-9_-]+/.exec(item.text)).find(Boolean);
    assert.ok(link, 'the verification mail arrived');
    return link[0];
  }, 15_000);
  // The first view uses the link; the second finds it used, and says the address was already confirmed.
  await check(dora, 'verify email, confirmed', new URL(mail).pathname + new URL(mail).search,
    () => dora.getByText(/^Your email address (is|was already) confirmed/).first().waitFor());

  const ana = await signIn(w, page, 'Ana', 'ana@porra.demo');
  const leagues = await w.api.call<Array<{ id: number }>>('GET', '/leagues/index', { token: ana.token });
  const leagueId = leagues[0].id;
  const bets = await betsOf(w, ana, leagueId, '?matchday=1');
  const matchId = (bets.find((bet) => bet.allow_show_bets) ?? bets[0]).match_id;
  await check(page, 'home', '/');
  await check(page, 'league', `/leagues/${leagueId}`);
  await check(page, 'bets', `/result_bets/new?league_id=${leagueId}`, () => page.locator('[data-testid^=bet-row-]').first().waitFor());
  await check(page, 'match bets', `/matches/${matchId}/show_bets?league_id=${leagueId}`);
  await check(page, 'league admin', `/leagues/admin/${leagueId}`);
  // Ana owns the demo league: the dialog that confirms replacing its share link (left unconfirmed).
  await check(page, 'league admin, replace the share link', `/leagues/admin/${leagueId}`, async () => {
    await page.getByRole('button', { name: 'Replace the share link' }).click();
    await page.getByRole('dialog').waitFor();
  });
  await check(page, 'new league', '/leagues/new');
  await check(page, 'help', '/help/how_to_play');

  w.notes.push(`${views} page views checked; ${minor.length} moderate/minor findings${minor.length ? `:\n  ${minor.join('\n  ')}` : ''}`);
  assert.deepEqual(found, [], `serious axe-core violations:\n  - ${found.join('\n  - ')}`);
});
