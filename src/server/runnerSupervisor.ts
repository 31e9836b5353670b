import { fork, type ChildProcess } from 'node:child_process';
import { extname, join } from 'node:path';
import type { Config } from './platform/config';
import type { RunnerMessage } from './resultRunner';

/** A runner that dies this soon after starting is failing to start: wait before the next one, longer each time. */
const HEALTHY_AFTER_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A runner still busy this long after SIGTERM (its batch and the job's release) is killed. */
const STOP_DEADLINE_MS = 30_000;

/** Where the supervisor's lines go: the server's logger, or the cluster supervisor's JSON lines. */
interface RunnerLog { info(fields: object, msg: string): void; error(fields: object, msg: string): void }

export interface SupervisedRunner {
  /** A result job was written: the runner looks for it now. */
  kick(): void;
  /** SIGTERM, and the runner's exit (killed past the deadline). */
  stop(): Promise<void>;
}

/**
 * `npm start` with RESULT_JOBS=runner: one result runner process (resultRunner.ts) beside the server, started at
 * once and again whenever it dies (nothing is lost: its job resumes from its last committed batch). Its messages
 * (a batch committed) reach `onMessage`.
 */
export function superviseResultRunner(config: Config, log: RunnerLog, onMessage: (message: RunnerMessage) => void = () => {}): SupervisedRunner {
  let child: ChildProcess | null = null;
  let stopping = false;
  let delayMs = FIRST_RESTART_DELAY_MS;
  let exited: Promise<void> = Promise.resolve();
  const start = () => {
    const startedAt = Date.now();
    // The built resultRunner.js, or under `npm run dev:server` its TypeScript source (tsx's loader is inherited).
    const runner = fork(join(__dirname, `resultRunner${extname(__filename)}`), [], { env: process.env, stdio: 'inherit', serialization: 'json' });
    child = runner;
    runner.on('message', (message) => onMessage(message as RunnerMessage));
    exited = new Promise((resolve) => {
      runner.on('exit', (code, signal) => {
        child = null;
        resolve();
        if (stopping) return;
        const lived = Date.now() - startedAt;
        delayMs = lived >= HEALTHY_AFTER_MS ? FIRST_RESTART_DELAY_MS : Math.min(delayMs * 2, MAX_RESTART_DELAY_MS);
        log.error({ code, signal, livedMs: lived, restartInMs: delayMs }, 'result runner stopped; starting another');
        setTimeout(() => { if (!stopping) start(); }, delayMs).unref();
      });
    });
  };
  start();
  log.info({ mode: config.resultJobs }, 'result runner process started beside the server');
  return {
    kick() {
      if (child?.connected) child.send({ type: 'kick' });
    },
    async stop() {
      stopping = true;
      const running = child;
      if (!running) return;
      running.kill('SIGTERM');
      const killer = setTimeout(() => running.kill('SIGKILL'), STOP_DEADLINE_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}
