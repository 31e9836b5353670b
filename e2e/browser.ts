import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { ROOT } from './harness';
import './pageGlobals';
import { DESKTOP } from './support/viewports';

/** Debian's Chromium (no browser downloads): the e2e suite (playwright.config.ts) and the bench scripts launch it. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
/** Screenshots, traces and the server's output of an e2e run (git-ignored). */
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
    permissions: ['notifications'], viewport: DESKTOP,
  });
}
