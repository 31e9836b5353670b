/**
 * Screenshots of the league screens at desktop and phone width, against a running server with the demo:
 *   PORT=3100 DATABASE_URL=sqlite:/tmp/h10/porra.sqlite npx tsx src/server/main.ts
 *   npx tsx e2e/screenshots/leagues.ts [origin] [output folder]
 * The images are for looking at, not for the repository.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { PHONE, DESKTOP } from '../support/viewports';

const ORIGIN = process.argv[2] ?? 'http://localhost:3100';
const OUT = process.argv[3] ?? '/tmp/porra-league-screens';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
const WIDTHS = [DESKTOP.width, PHONE.width];

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // The shell hides the page behind a spinner while reads are pending.
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"][aria-label]') || document.querySelector('main')?.checkVisibility());
  await page.waitForTimeout(400);
}

async function shoot(page: Page, name: string, path: string, before?: (page: Page) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 760 });
    await page.goto(`${ORIGIN}${path}`);
    await settle(page);
    if (before) { await before(page); await settle(page); }
    const file = join(OUT, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`${file}${overflow > 0 ? `  (page ${overflow}px wider than the screen)` : ''}`);
  }
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${ORIGIN}/users/sign_in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('porra-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${ORIGIN}/`);
  await settle(page);
}

async function apiToken(email: string): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/v1/users/sign_in`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_v1_user: { email, password: 'porra-demo' } }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const ana = await apiToken('ana@porra.demo');
  const leagues = (await (await fetch(`${ORIGIN}/api/v1/en/leagues/index`, { headers: { authorization: `Bearer ${ana}` } })).json()) as Array<{ id: number; share_token: string }>;
  const league = leagues[0];
  const matches = (await (await fetch(`${ORIGIN}/api/v1/en/matches/next_matches`)).json()) as Array<{ id: number }>;

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  try {
    const visitor = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await shoot(visitor, 'home-visitor', '/');

    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`  [page error] ${error.message}`));
    await signIn(page, 'ana@porra.demo');
    await shoot(page, 'home-member', '/');
    await shoot(page, 'league', `/leagues/${league.id}`);
    await shoot(page, 'league-teams-tab', `/leagues/${league.id}`, async (p) => { await p.getByRole('tab', { name: 'Teams' }).click(); });
    await shoot(page, 'league-new', '/leagues/new');
    await shoot(page, 'league-edit', `/leagues/edit/${league.id}`);
    await shoot(page, 'league-admin', `/leagues/admin/${league.id}`);
    await shoot(page, 'league-remove-confirm', `/leagues/admin/${league.id}`, async (p) => { await p.getByRole('button', { name: /^Remove / }).first().click(); });
    await shoot(page, 'league-search', '/leagues/search', async (p) => {
      await p.getByLabel('League name').fill('a');
      await p.getByRole('button', { name: 'Search' }).click();
    });
    await shoot(page, 'messages', '/messages');
    await shoot(page, 'invitations', '/invitations');

    const adminContext = await browser.newContext({ locale: 'en-US' });
    const admin = await adminContext.newPage();
    admin.on('pageerror', (error) => console.log(`  [page error] ${error.message}`));
    await signIn(admin, 'admin@porra.demo');
    await shoot(admin, 'join', `/leagues/join/${league.id}/${league.share_token}`);
    await shoot(admin, 'match-edit', `/admin/matches/${matches[0]?.id ?? 1}`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
