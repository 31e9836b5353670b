import { createScheduler } from '../../scheduledJobs';
import { withProcessLock } from '../locks/processLocks';
import { describeEachDb } from '../../testing/harness';
import { metricsText, sample } from './testing/metricsTestKit';

describeEachDb('scheduler metrics', (ctx) => {
  it('count the runs of each job and their durations', async () => {
    const scheduler = createScheduler(ctx().deps, { updateEveryMinutes: 1, notifyEveryMinutes: 60 });
    await scheduler.tick();
    await scheduler.stop();
    const text = await metricsText(ctx());
    expect(sample(text, 'porra_scheduler_job_runs_total{job="update"}')).toBe(1);
    expect(sample(text, 'porra_scheduler_job_runs_total{job="notify"}')).toBe(1);
    expect(sample(text, 'porra_scheduler_job_duration_seconds_count{job="update"}')).toBe(1);
    expect(sample(text, 'porra_scheduler_job_failures_total{job="update"}')).toBeUndefined();
  });

  it('count a failed run as a run and a failure, and a run whose lock was held as skipped', async () => {
    const { recordJob, render } = ctx().deps.metrics;
    await expect(recordJob('update', async () => { throw new Error('provider down'); })).rejects.toThrow('provider down');
    // The admin's update holds the lock: the scheduled one finds it taken.
    await withProcessLock(ctx().deps, 'update', () => expect(recordJob('update', () => withProcessLock(ctx().deps, 'update', async () => ({}))))
      .rejects.toThrow(/already running/));
    const { text } = await render();
    expect(sample(text, 'porra_scheduler_job_runs_total{job="update"}')).toBe(1);
    expect(sample(text, 'porra_scheduler_job_failures_total{job="update"}')).toBe(1);
    expect(sample(text, 'porra_scheduler_job_skipped_total{job="update"}')).toBe(1);
    expect(sample(text, 'porra_scheduler_job_duration_seconds_count{job="update"}')).toBe(1);
  });
});
