/**
 * First page of a signed-in player, on the production build: the real server with the demo
 * (fresh SQLite), headless Debian Chromium on localhost, signed in as the demo player ana@porra.demo. Measures the
 * time from navigation start until the league table and both carousels (upcoming matches, league summaries) are
 * rendered, median of 5 loads with the browser cache disabled; then the JavaScript a real browser downloads for a
 * visitor's first page and for the player's home (bytes as sent, compressed, and requests).
 * Run: npx tsx bench/firstPage.ts (builds the client first when there is no build).
 */
import { launchProfile } from '../e2e/browser';
import { ensureBuild, startMailbox, startServer } from '../e2e/harness';
import {
  PLAYER_LIMIT_KB, VISITOR_LIMIT_KB, describeWeight, playerHomeReady, playerHomeWeight, signInThroughScreen, visitorHomeWeight,
} from './lib/pageWeight';

const RUNS = 5;

async function main(): Promise<void> {
  ensureBuild();
  const mailbox = await startMailbox();
  const server = await startServer(mailbox.port);
  const context = await launchProfile(server.origin);
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await signInThroughScreen(page, 'ana@porra.demo', 'porra-demo');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const times: number[] = [];
    for (let run = 0; run < RUNS + 1; run += 1) {
      await page.goto('about:blank');
      await page.goto('/', { waitUntil: 'commit' });
      // Rendered: a league table row inside the league carousel, and at least one match in the matches carousel.
      await playerHomeReady(page);
      const ms = await page.evaluate(() => performance.now());
      if (run > 0) times.push(ms); // the first load warms the server's caches
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`first page (signed-in demo player, league table + carousels rendered): median ${median.toFixed(0)} ms of ${RUNS} loads [${times.map((t) => t.toFixed(0)).join(', ')}] (browser cache disabled)`);
    console.log(describeWeight("Visitor's first page (/)", await visitorHomeWeight(server.origin), VISITOR_LIMIT_KB));
    console.log(describeWeight("Signed-in player's home (/)", await playerHomeWeight(server.origin), PLAYER_LIMIT_KB));
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
