import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e/browser';
import { E2E_WORKERS } from './e2e/support/run';

/**
 * End-to-end tests: e2e/specs/*.spec.ts against the real server that e2e/support/globalSetup.ts starts once per
 * run (with a local SMTP server and a stand-in push service), in Debian's Chromium. Each test builds its own world,
 * so any one runs alone: `npm run test:e2e -- --grep joker`.
 */
export default defineConfig({
  testDir: 'e2e/specs',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/globalSetup.ts',
  outputDir: 'e2e/artifacts/results',
  // Each worker drives its own server (global setup starts one per worker), so tests never see each other's data;
  // a test waits on pages, mails and timers between its steps, so three keep two cores busy (the suite: 16 min on two
  // workers, 13 on three; one worker took 27).
  workers: E2E_WORKERS,
  fullyParallel: false,
  // No retry: a retried test signs up its people again and runs into the sign-up rate limit.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A test walks through several screens with several people, on a machine shared with other work.
  timeout: 360_000,
  reporter: [['list'], ['./e2e/support/summaryReporter.ts']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Every test is traced and the trace kept when it fails: DOM snapshots of each step, without the screencast
    // (which costs the most while recording).
    trace: { mode: 'retain-on-failure', snapshots: true, screenshots: false, sources: true },
    screenshot: 'only-on-failure',
  },
});
