import type { AppDeps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/scheduler/jobScheduler';
import { deliverDueWebhooks } from './webhookDelivery';

/** The scheduled job sending the league webhooks' outbox. */
export function webhookJobs(deps: AppDeps, everyMs: number): ScheduledJob[] {
  return [{ name: 'webhooks', everyMs, work: async () => ({ ...(await deliverDueWebhooks(deps)) }) }];
}
