import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';
import { apiClient } from '../harness';
import { inboxAt } from './inbox';
import { currentRun } from './run';
import type { World } from './world';

/**
 * `world`: a fresh World for each test on the run's server. When the test ends, its browsers are closed and what
 * it changed in the demo is put back (World.atEnd); a failed test gets a screenshot of each person's page; steps
 * done through the API after failing on screen (World.problems) fail the test.
 */
export const test = base.extend<{ world: World }, { screenshotsTaken: Set<string> }>({
  screenshotsTaken: [async ({}, use) => use(new Set()), { scope: 'worker' }],
  world: async ({ browser, screenshotsTaken }, use, testInfo) => {
    const run = currentRun();
    const endSteps: Array<() => Promise<unknown>> = [];
    const w: World = {
      origin: run.origin, api: apiClient(run.origin), browser, inbox: inboxAt(run.inbox), adminPassword: run.adminPassword,
      databaseFile: run.databaseFile, pushPort: run.pushPort, stamp: randomInt(36 ** 4).toString(36).padStart(4, '0'),
      people: {}, problems: [], notes: [], atEnd: (step) => endSteps.push(step), screenshotsTaken,
    };
    await use(w);

    if (testInfo.status !== testInfo.expectedStatus) {
      for (const [name, { page }] of Object.entries(w.people)) {
        if (!page || page.isClosed()) continue;
        const path = testInfo.outputPath(`${name}.png`);
        if (await page.screenshot({ path }).then(() => true, () => false)) await testInfo.attach(`${name} on ${page.url()}`, { path, contentType: 'image/png' });
      }
    }
    for (const note of w.notes) {
      testInfo.annotations.push({ type: 'note', description: note });
      console.log(`note: ${note}`);
    }
    const failedSteps: string[] = [];
    for (const step of endSteps.reverse()) {
      await step().catch((error: Error) => failedSteps.push(error.message.split('\n')[0]));
    }
    if (w.problems.length) throw new Error(`steps that failed on screen (done through the API to go on):\n  - ${w.problems.join('\n  - ')}`);
    if (failedSteps.length) throw new Error(`putting things back failed:\n  - ${failedSteps.join('\n  - ')}`);
  },
});
