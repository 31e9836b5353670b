import type { AppDeps } from './platform/deps';
import { backupSqlite } from './platform/backups/sqliteBackups';
import { sqliteFilePath } from './platform/backups/sqliteFiles';
import { recordProcessRun } from './platform/processRuns/processRuns';
import { features } from './features';
import type { SchedulerOptions } from './domain/manifest/featureManifest';
import { kickResultJobs, runningResultJobs } from './domain/resultJobs/resultJobWorker';
import { sealAndLogOdds } from './domain/fairOdds/oddsSeals';
import { scheduleJobs, type ScheduledJob, type Scheduler } from './platform/scheduler/jobScheduler';

export type { Scheduler } from './platform/scheduler/jobScheduler';

/** The server's scheduled jobs. */
function schedulerJobs(deps: AppDeps, options: SchedulerOptions): ScheduledJob[] {
  const jobs: ScheduledJob[] = features.flatMap((feature) => feature.jobs?.(deps, options) ?? []);
  if (options.updateEveryMinutes > 0) {
    // Result jobs whose worker died (a killed process) are taken up once their lease has run out (a result runner
    // looks for them on its own).
    if (deps.config.resultJobs === 'inline') {
      jobs.push({ name: 'result_jobs', everyMs: 60_000, async work() { kickResultJobs(deps); await runningResultJobs(deps); return {}; } });
    }
    // Odds leagues' chances are sealed as deadlines pass, and written into their logs.
    jobs.push({ name: 'fair_odds', everyMs: 60_000, work: () => sealAndLogOdds(deps.db, { now: deps.clock.now(), key: deps.logKey }) });
  }
  if (options.backupEveryHours) {
    const { config } = deps;
    jobs.push({
      name: 'backup',
      everyMs: options.backupEveryHours * 3_600_000,
      // Recorded in the process history like the updates, so a failing backup shows in the admin console.
      async work() {
        const databasePath = sqliteFilePath(config.databaseUrl);
        const backup = () => backupSqlite({ databasePath, dir: config.backupDir, keep: config.backupKeep, now: deps.clock.now() });
        let made: Awaited<ReturnType<typeof backup>> | undefined;
        await recordProcessRun(deps, { kind: 'backup', trigger: 'scheduled' }, async () => { made = await backup(); return {}; });
        return { file: made!.file, bytes: made!.bytes, pruned: made!.pruned.length };
      },
    });
  }
  return jobs;
}

export function createScheduler(deps: AppDeps, options: SchedulerOptions): Scheduler {
  return scheduleJobs(deps, schedulerJobs(deps, options), { wakeEveryMs: options.wakeEveryMs });
}

/**
 * Started by main.ts only, in every server process, when there is something to schedule (AUTO_UPDATE_MINUTES > 0,
 * BACKUP_EVERY_HOURS > 0 or WEBHOOK_DELIVERY_SECONDS > 0); never by buildApp, so tests start it themselves.
 */
export function startScheduler(deps: AppDeps): Scheduler | null {
  const { config } = deps;
  const jobs = schedulerJobs(deps, {
    updateEveryMinutes: config.autoUpdateMinutes,
    notifyEveryMinutes: config.notifyEveryMinutes,
    fullSyncEveryMinutes: config.fullSyncEveryMinutes,
    backupEveryHours: config.backupEveryHours,
    webhooksEverySeconds: config.webhookDeliverySeconds,
  });
  if (jobs.length === 0) return null;
  const scheduler = scheduleJobs(deps, jobs);
  void scheduler.tick();
  return scheduler;
}
