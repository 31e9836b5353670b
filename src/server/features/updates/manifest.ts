import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import type { ScheduledJob } from '../../platform/scheduler/jobScheduler';
import { updateRoutes } from '../../../shared/api/routes/updates';
import { updateHandlers } from './updatesRoutes';
import { scheduledProcesses } from './updatesService';

export const updatesFeature: FeatureManifest = {
  name: 'updates',
  register(app, deps) {
    registerRoutes(app, updateRoutes, updateHandlers(deps));
  },
  jobs(deps, options) {
    if (options.updateEveryMinutes <= 0) return [];
    const run = scheduledProcesses(deps);
    const jobs: ScheduledJob[] = [
      { name: 'update', everyMs: options.updateEveryMinutes * 60_000, work: run.update },
      { name: 'notify', everyMs: options.notifyEveryMinutes * 60_000, work: run.notify },
    ];
    // A full sync first waits one period: at start-up `update` already ran and the last full sync is recent enough.
    if (options.fullSyncEveryMinutes) {
      const everyMs = options.fullSyncEveryMinutes * 60_000;
      jobs.push({ name: 'update_all', everyMs, firstAfterMs: everyMs, work: run.updateAll });
    }
    return jobs;
  },
};
