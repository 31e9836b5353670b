import { publishBetsShown } from '../../domain/leagueEvents/betsShownEvents';
import type { AppDeps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/scheduler/jobScheduler';
import { deliverDueWebhooks, GIVE_UP_AFTER_MS } from './webhookDelivery';
import { pruneDeliveries } from './webhooksRepository';

/** Finished deliveries are kept this long for their owner to see, then forgotten. */
export const KEEP_DELIVERIES_MS = 30 * 24 * 3_600_000;
/** A delivery still pending this long after its event is dead (it is given up 24 hours after it anyway). */
const DEAD_AFTER_MS = GIVE_UP_AFTER_MS + 3_600_000;

/**
 * The scheduled job of league webhooks: tells the deadlines passed since its last run (`bets_shown`), sends what the
 * outbox holds that is due, gives up what is dead and forgets finished deliveries nobody will see (pruneDeliveries).
 */
export function webhookJobs(deps: AppDeps, everyMs: number): ScheduledJob[] {
  return [{
    name: 'webhooks',
    everyMs,
    work: async () => {
      const betsShown = await publishBetsShown(deps.db, deps.clock.now());
      const sent = await deliverDueWebhooks(deps);
      const now = deps.clock.now();
      const pruned = await pruneDeliveries(deps.db, now, now - KEEP_DELIVERIES_MS, now - DEAD_AFTER_MS);
      return { bets_shown: betsShown, ...sent, ...pruned };
    },
  }];
}
