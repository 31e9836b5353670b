import { publishBetsShown } from '../../domain/leagueEvents/betsShownEvents';
import type { AppDeps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/scheduler/jobScheduler';
import { deliverDueWebhooks } from './webhookDelivery';

/**
 * The scheduled job of league webhooks: tells the deadlines passed since its last run (`bets_shown`), then sends
 * what the outbox holds that is due.
 */
export function webhookJobs(deps: AppDeps, everyMs: number): ScheduledJob[] {
  return [{
    name: 'webhooks',
    everyMs,
    work: async () => {
      const betsShown = await publishBetsShown(deps.db, deps.clock.now());
      return { bets_shown: betsShown, ...(await deliverDueWebhooks(deps)) };
    },
  }];
}
