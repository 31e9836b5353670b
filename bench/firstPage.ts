/**
 * First page of a signed-in player (issue 7 section 3), on the production build: the real server with the demo
 * (fresh SQLite), headless Debian Chromium on localhost, signed in as the demo player ana@porra.demo. Measures the
 * time from navigation start until the league table and both carousels (upcoming matches, league summaries) are
 * rendered, median of 5 loads with the browser cache disabled, and the gzip size of the initial JavaScript.
 * Run: npx tsx bench/firstPage.ts (builds the client first when there is no build).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchProfile } from '../e2e/browser';
import { ROOT, ensureBuild, startMailbox, startServer } from '../e2e/harness';

const RUNS = 5;

function initialJavaScriptGzip(): number {
  const clientDir = join(ROOT, 'dist/client');
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src=["']?\/?([^"'\s>]+\.js)/g)].map((match) => match[1]);
  return scripts.reduce((sum, file) => sum + gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length, 0);
}

async function main(): Promise<void> {
  ensureBuild();
  const mailbox = await startMailbox();
  const server = await startServer(mailbox.port);
  const context = await launchProfile(server.origin);
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.goto('/users/sign_in');
    await page.locator('input[type=email]').fill('ana@porra.demo');
    await page.locator('input[type=password]').fill('porra-demo');
    await page.locator('input[type=password]').press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const times: number[] = [];
    for (let run = 0; run < RUNS + 1; run += 1) {
      await page.goto('about:blank');
      await page.goto('/', { waitUntil: 'commit' });
      // Rendered: a league table row inside the league carousel, and at least one match in the matches carousel.
      await page.locator('section[aria-roledescription=carousel] table tbody tr').first().waitFor({ timeout: 30_000 });
      await page.locator('section[aria-label="Upcoming matches"] a').first().waitFor({ timeout: 30_000 });
      const ms = await page.evaluate(() => performance.now());
      if (run > 0) times.push(ms); // the first load warms the server's caches
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`first page (signed-in demo player, league table + carousels rendered): median ${median.toFixed(0)} ms of ${RUNS} loads [${times.map((t) => t.toFixed(0)).join(', ')}] (browser cache disabled)`);
    console.log(`initial JavaScript: ${(initialJavaScriptGzip() / 1024).toFixed(1)} KB gzip (limit 250 KB)`);
  } finally {
    await context.close();
    await server.stop();
    await mailbox.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
