/**
 * The JavaScript a real browser downloads for a page: every script response Chromium receives from
 * navigation until the network has been idle, with its bytes as sent (compressed when the server compressed it)
 * and the number of requests. Browser cache disabled, so each load counts everything again.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/browser';

export interface PageWeight { bytes: number; requests: number; files: Array<{ path: string; bytes: number; encoding: string }> }

/**
 * 210 since MUI's Spanish locale pack (its built-in words in the app's language) and the texts of the invitation,
 * crowd, rivalry and title race screens joined the first page (it measured 201.6 KB).
 */
export const VISITOR_LIMIT_KB = 210;
export const PLAYER_LIMIT_KB = 300;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Loads `path` in `page` and adds up the script responses until the page has rendered (`ready`) and gone quiet. */
export async function scriptWeight(context: BrowserContext, page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<PageWeight> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto('about:blank');
  const pending: Array<Promise<PageWeight['files'][number]>> = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(response.request().sizes().then((sizes) => ({
      path: new URL(response.url()).pathname, bytes: sizes.responseBodySize, encoding: response.headers()['content-encoding'] ?? 'identity',
    })));
  };
  page.on('response', onResponse);
  try {
    await page.goto(path, { waitUntil: 'commit' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    // Chunks a screen asks for right after its first render (charts) arrive within this second.
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
    await cdp.detach();
  }
  const files = await Promise.all(pending);
  return { bytes: files.reduce((sum, file) => sum + file.bytes, 0), requests: files.length, files };
}

export function describeWeight(title: string, weight: PageWeight, limitKb: number): string {
  const lines = [`${title}: ${kb(weight.bytes)} of JavaScript in ${weight.requests} requests (limit ${limitKb} KB)`];
  for (const file of weight.files) lines.push(`    ${file.path.padEnd(48)} ${kb(file.bytes).padStart(10)} ${file.encoding}`);
  return lines.join('\n');
}

/** A visitor's first page: the home with the welcome card, in a fresh browser. */
export async function visitorHomeWeight(origin: string): Promise<PageWeight> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: origin, locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    return await scriptWeight(context, page, '/', (loaded) => loaded.locator('h1').first().waitFor({ timeout: 30_000 }));
  } finally {
    await browser.close();
  }
}

/** Rendered home of a signed-in player: a league table row in the league carousel and an upcoming match. */
export async function playerHomeReady(page: Page): Promise<void> {
  await page.locator('section[aria-roledescription=carousel] table tbody tr').first().waitFor({ timeout: 30_000 });
  await page.locator('section[aria-label="Upcoming matches"] a').first().waitFor({ timeout: 30_000 });
}

/** Signs in through the sign-in screen (the token goes to IndexedDB as for a real player). */
export async function signInThroughScreen(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/users/sign_in');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('input[type=password]').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
}

/** A signed-in player's home (the demo player), loaded again after signing in, cache disabled. */
export async function playerHomeWeight(origin: string, email = 'ana@porra.demo', password = 'porra-demo'): Promise<PageWeight> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: origin, locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInThroughScreen(page, email, password);
    return await scriptWeight(context, page, '/', playerHomeReady);
  } finally {
    await browser.close();
  }
}
