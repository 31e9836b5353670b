import type { Browser, Page } from '@playwright/test';
import type { Api } from '../harness';
import type { Inbox } from './inbox';

export interface Person { name: string; email: string; password: string; token: string; id: number; page?: Page }

/** What one test builds and uses: the run's services, and the people it made along the way. */
export interface World {
  origin: string;
  api: Api;
  browser: Browser;
  inbox: Inbox;
  adminPassword: string;
  /** The run's SQLite file (read-only checks of what the screens cannot show). */
  databaseFile: string;
  pushPort: number;
  /**
   * A short random word of this test, in its people's addresses and its leagues' names, so tests never meet (each run
   * has a fresh database). Short: the addresses are shown on screen, also at phone width.
   */
  stamp: string;
  /** People signed in during the test, by name; their pages are photographed when the test fails. */
  people: Record<string, Person>;
  /** Steps that failed on screen and were done through the API so the later steps still run: the test fails. */
  problems: string[];
  /** Remarks attached to the test's result. */
  notes: string[];
  /** Runs `step` when the test ends, whatever its outcome, latest first (closing browsers, putting demo data back). */
  atEnd(step: () => Promise<unknown>): void;
  /** Names of the screenshots already taken in this worker (each is taken once per run). */
  screenshotsTaken: Set<string>;
}

/** The address of a new player of this test. */
export const emailOf = (w: World, name: string) => `${name.toLowerCase()}-${w.stamp}@e2e.test`;

/** Runs a step of the screens; if it fails, records it and does the same through `fallback` so the test goes on. */
export async function softly(w: World, step: string, run: () => Promise<void>, fallback: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    w.problems.push(`${step}: ${(error as Error).message.split('\n')[0]}`);
    await fallback();
  }
}

/** Polls until `check` passes (the screens save asynchronously); answers what it returned then. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}
