import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { newVisitor, settle } from './browser';
import { betsOf, signIn, type World } from './scenarios';

const axeSource = readFileSync(require.resolve('axe-core'), 'utf8');

interface AxeViolation { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[]; html: string; any?: Array<{ message: string }> }> }

/** Runs axe-core on the page as it is and returns its serious and critical violations, one line each. */
async function seriousViolations(page: Page, label: string, width: number): Promise<{ serious: string[]; minor: string[] }> {
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
  const { page, context } = await newVisitor(w.browser, w.origin);
  try {
    const check = async (label: string, path: string, ready?: () => Promise<unknown>) => {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
        await page.goto(path);
        if (ready) await ready();
        const result = await seriousViolations(page, label, width);
        found.push(...result.serious);
        minor.push(...result.minor);
      }
    };
    await check('sign in', '/users/sign_in', () => page.locator('input[type=password]').waitFor());
    await signIn(w, page, 'Ana', 'ana@porra.demo');
    const leagues = await w.api.call<Array<{ id: number }>>('GET', '/leagues/index', { token: w.people.Ana.token });
    const leagueId = leagues[0].id;
    const bets = await betsOf(w, 'Ana', '?matchday=1', leagueId);
    const matchId = (bets.find((bet) => bet.allow_show_bets) ?? bets[0]).match_id;
    await check('home', '/');
    await check('league', `/leagues/${leagueId}`);
    await check('bets', `/result_bets/new?league_id=${leagueId}`, () => page.locator('[data-testid^=bet-row-]').first().waitFor());
    await check('match bets', `/matches/${matchId}/show_bets?league_id=${leagueId}`);
    await check('league admin', `/leagues/admin/${leagueId}`);
    await check('new league', '/leagues/new');
    await check('help', '/help/how_to_play');
  } finally {
    await context.close();
  }
  if (found.length) throw new Error(`serious axe-core violations:\n     - ${found.join('\n     - ')}`);
  return `16 page views checked; ${minor.length} moderate/minor findings${minor.length ? `:\n     ${minor.join('\n     ')}` : ''}`;
}
