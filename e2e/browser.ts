import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './harness';
import './pageGlobals';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
export const ARTIFACTS = join(ROOT, 'e2e/artifacts');

/** Chromium with a fresh user-data-dir (Playwright makes one per launch; persistent contexts get their own below). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A persistent profile in a new temporary directory: the push service is not available in off-the-record contexts. */
export function launchProfile(origin: string, locale = 'en-US'): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), 'porra-e2e-profile-'));
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, locale, baseURL: origin,
    permissions: ['notifications'], viewport: { width: 1280, height: 800 },
  });
}

/** A fresh visitor: its own storage, the given browser language. */
export async function newVisitor(browser: Browser, origin: string, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, locale, viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`  [page error] ${error.message}`));
  page.on('crash', () => console.log(`  [page crashed] ${page.url()}`));
  return { context, page };
}

const shot = new Set<string>();

/** Screenshots of the page as it is, at desktop (1280) and phone (360) width, into e2e/artifacts/. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (shot.has(name)) return;
  shot.add(name);
  mkdirSync(ARTIFACTS, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [width, height] of [[1280, 800], [360, 740]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    // The first screen as a phone shows it, at full resolution (a tall full page is shrunk when viewed).
    if (width === 360) await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}-top.png`) });
  }
  await page.setViewportSize(before);
}

/** Waits until no loading overlay or skeleton is shown. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => ![...document.querySelectorAll('.MuiSkeleton-root, [role=progressbar]')].some((element: { offsetParent: unknown }) => element.offsetParent !== null),
    undefined, { timeout: 3_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}
