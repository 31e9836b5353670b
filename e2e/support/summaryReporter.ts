import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';
import { ROOT } from '../harness';
import { SERVER_LOG } from './globalSetup';

/**
 * Ends the run with the plain line CI reads, "N passed, M failed" (a run that failed without a failed test, as
 * when global setup fails or the run is stopped, counts the tests it did not run, at least one, as failed), after
 * where to find the traces and, on failure, each server's last output.
 */
export default class SummaryReporter implements Reporter {
  private suite?: Suite;
  private readonly started = Date.now();

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(result: FullResult): void {
    const tests = this.suite?.allTests() ?? [];
    // Listing the tests (--list) runs none: nothing to sum up.
    if (result.status === 'passed' && tests.every((test) => test.results.length === 0)) return;
    const passed = tests.filter((test) => test.outcome() === 'expected' || test.outcome() === 'flaky').length;
    let failed = tests.filter((test) => test.outcome() === 'unexpected').length;
    if (result.status !== 'passed' && failed === 0) failed = Math.max(1, tests.length - passed);
    if (failed && process.env.E2E_SERVER_LOGS !== '0') {
      for (const log of serverLogs()) console.log(`server output (the end of ${relative(ROOT, log)}):\n${readFileSync(log, 'utf8').slice(-4000)}`);
    }
    console.log(`e2e took ${((Date.now() - this.started) / 1000).toFixed(0)} s; screenshots in e2e/artifacts/${failed ? ', traces of the failed tests in e2e/artifacts/results/ (npx playwright show-trace <trace.zip>)' : ''}`);
    console.log(`${passed} passed, ${failed} failed`);
  }
}

/** The servers' logs of this run: SERVER_LOG, and the other workers' beside it (server-2.log...). */
function serverLogs(): string[] {
  const dir = dirname(SERVER_LOG);
  try {
    return readdirSync(dir).filter((name) => /^server(-\d+)?\.log$/.test(name)).sort().map((name) => join(dir, name));
  } catch {
    return [];
  }
}
