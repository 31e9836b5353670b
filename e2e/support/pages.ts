import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { ARTIFACTS } from '../browser';
import type { World } from './world';
import { DESKTOP, PHONE } from './viewports';

/** A fresh visitor: its own storage, the given browser language; closed when the test ends. */
export async function newVisitor(w: World, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await w.browser.newContext({ baseURL: w.origin, locale, viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
  w.atEnd(() => context.close());
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`  [page error] ${error.message}`));
  page.on('crash', () => console.log(`  [page crashed] ${page.url()}`));
  return { context, page };
}

/**
 * Screenshots of the page as it is, at desktop (1366) and phone (390) width, into e2e/artifacts/ for people to look
 * at: each name once per run.
 */
export async function screenshots(w: World, page: Page, name: string): Promise<void> {
  if (w.screenshotsTaken.has(name)) return;
  w.screenshotsTaken.add(name);
  mkdirSync(ARTIFACTS, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  for (const { width, height } of [DESKTOP, PHONE]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    // The first screen as a phone shows it, at full resolution (a tall full page is shrunk when viewed).
    if (width === PHONE.width) await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}-top.png`) });
  }
  await page.setViewportSize(before);
}

/** Waits until no loading overlay or skeleton is shown. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => ![...document.querySelectorAll('.MuiSkeleton-root, [role=progressbar]')].some((element: { offsetParent: unknown }) => element.offsetParent !== null),
    undefined, { timeout: 3_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}
