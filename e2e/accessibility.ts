import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { newVisitor, settle } from './browser';
import { betsOf, eventually, signIn, signUp, type World } from './scenarios';

const axeSource = readFileSync(require.resolve('axe-core'), 'utf8');

interface AxeViolation { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[]; html: string; any?: Array<{ message: string }> }> }

/** Runs axe-core on the page as it is and returns its serious and critical violations, one line each. */
export async function seriousViolations(page: Page, label: string, width: number): Promise<{ serious: string[]; minor: string[] }> {
  await settle(page);
  // Evaluated through DevTools rather than a <script> tag: the app's CSP (script-src 'self') rightly blocks inline scripts.
  if (!await page.evaluate(() => 'axe' in window)) await page.evaluate(axeSource);
  const violations = await page.evaluate(() => (window as unknown as { axe: { run: (options: unknown) => Promise<{ violations: AxeViolation[] }> } })
    .axe.run({ resultTypes: ['violations'] }).then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, any: n.any?.slice(0, 1).map((c) => ({ message: c.message })) })) }))));
  const line = (v: AxeViolation) => `${label} @${width}px: ${v.impact} ${v.id} (${v.help}) x${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}
       first: ${v.nodes[0]?.html.slice(0, 160)} ${v.nodes[0]?.any?.[0]?.message ?? ''}`;
  const isSerious = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';
  return { serious: violations.filter(isSerious).map(line), minor: violations.filter((v) => !isSerious(v)).map((v) => `${label} @${width}px: ${v.impact} ${v.id} x${v.nodes.length}`) };
}

/**
 * 7. No serious axe-core violations on the main pages (issues 6 and 7), at desktop and phone width, for a signed-in
 * demo player and for a visitor. Keyboard entry of a score is covered by scenario 1 (Bob's second bet).
 */
export async function accessibility(w: World): Promise<string> {
  const found: string[] = [];
  const minor: string[] = [];
  let views = 0;
  /** Checks `path` at both widths on `page`; `ready` waits for what must be on screen before axe runs. */
  const check = async (page: Page, label: string, path: string, ready?: () => Promise<unknown>) => {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
      await page.goto(path);
      if (ready) await ready();
      const result = await seriousViolations(page, label, width);
      found.push(...result.serious);
      minor.push(...result.minor);
      views += 1;
    }
  };
  const { page, context } = await newVisitor(w.browser, w.origin);
  const newcomer = await newVisitor(w.browser, w.origin);
  try {
    await check(page, 'sign in', '/users/sign_in', () => page.locator('input[type=password]').waitFor());

    // A newcomer whose address is not confirmed yet: the banner, a dead verification link, then the real one.
    const dora = newcomer.page;
    await signUp(w, dora, 'Dora', 'dora@e2e.test');
    const banner = () => dora.getByTestId('verify-email-banner').first().waitFor();
    await check(dora, 'verify-email banner', '/', banner);
    await check(dora, 'verify email, dead link', '/verify_email?token=no-such-link', banner);
    const mail = await eventually(() => {
      const link = w.mails.filter((item) => item.to.includes('dora@e2e.test'))
        .map((item) => /https?:\/\/[^\s"'<>]+\/verify_email\?token=[A-Za-z0-9_-]+/.exec(item.text)).find(Boolean);
      assert.ok(link, 'the verification mail arrived');
      return link[0];
    }, 15_000);
    // The first view uses the link; the second finds it used, and says confirmed all the same (the account is).
    await check(dora, 'verify email, confirmed', new URL(mail).pathname + new URL(mail).search,
      () => dora.getByText('Your email address is confirmed').waitFor());

    await signIn(w, page, 'Ana', 'ana@porra.demo');
    const leagues = await w.api.call<Array<{ id: number }>>('GET', '/leagues/index', { token: w.people.Ana.token });
    const leagueId = leagues[0].id;
    const bets = await betsOf(w, 'Ana', '?matchday=1', leagueId);
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
  } finally {
    await context.close();
    await newcomer.context.close();
  }
  if (found.length) throw new Error(`serious axe-core violations:\n     - ${found.join('\n     - ')}`);
  return `${views} page views checked; ${minor.length} moderate/minor findings${minor.length ? `:\n     ${minor.join('\n     ')}` : ''}`;
}
