import { publishBetsShown } from '../../domain/leagueEvents/betsShownEvents';
import type { AppDeps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/scheduler/jobScheduler';
import { deliverDueWebhooks } from './webhookDelivery';
import { pruneDeliveries } from './webhooksRepository';

/** Finished deliveries are kept this long for their owner to see, then forgotten. */
export const KEEP_DELIVERIES_MS = 30 * 24 * 3_600_000;

/**
 * The scheduled job of league webhooks: tells the deadlines passed since its last run (`bets_shown`), sends what the
 * outbox holds that is due, and forgets deliveries finished more than KEEP_DELIVERIES_MS ago.
 */
export function webhookJobs(deps: AppDeps, everyMs: number): ScheduledJob[] {
  return [{
    name: 'webhooks',
    everyMs,
    work: async () => {
      const betsShown = await publishBetsShown(deps.db, deps.clock.now());
      const sent = await deliverDueWebhooks(deps);
      const pruned = await pruneDeliveries(deps.db, deps.clock.now() - KEEP_DELIVERIES_MS);
      return { bets_shown: betsShown, ...sent, pruned };
    },
  }];
}
