import { BoundedConcurrency } from '../../platform/concurrency/boundedConcurrency';
import type { AppDeps } from '../../platform/deps';
import { translate } from '../../platform/i18n/messages';
import { deliver } from '../../platform/push/pushDelivery';
import { deleteSubscriptionsByEndpoint, subscriptionsOf } from '../../platform/push/pushRepository';
import { recipients } from '../../domain/reminders/remindersRepository';

export interface Nudge {
  league: { id: number; name: string };
  owner: string;
  deadline: number;
  matchday: number;
  /** Nudged members and how many matches of the deadline each has not bet on. */
  members: { user_id: number; missing: number }[];
}

/** Members sent to at once: push services and the SMTP server are unhappy with a whole league at once. */
const SEND_CONCURRENCY = 8;

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Sends a nudge within each member's reminder settings, as reminders do: a push to every device the member
 * subscribed (a device that turned notifications off has no subscription), and an email only when they keep reminder
 * emails on and verified their address; disabled accounts get nothing. Subscriptions the push service no longer
 * knows are removed. Never throws: a failure is logged, the nudge stays recorded.
 */
export async function deliverNudge(deps: AppDeps, nudge: Nudge): Promise<void> {
  try {
    const missing = new Map(nudge.members.map((m) => [m.user_id, m.missing]));
    const users = await recipients(deps.db, [...missing.keys()]);
    const devices = await subscriptionsOf(deps.db, users.map((u) => u.id));
    const url = `/result_bets/new?league_id=${nudge.league.id}&matchday=${nudge.matchday}`;
    const gone: string[] = [];
    const slots = new BoundedConcurrency(SEND_CONCURRENCY, users.length);
    await Promise.all(users.map((user) => slots.run(async () => {
      const locale = user.locale === 'es' ? 'es' : 'en';
      const vars = { owner: nudge.owner, league: nudge.league.name, count: missing.get(user.id) ?? 0, deadline: utc(nudge.deadline), name: user.name };
      const payload = { title: translate(locale, 'nudges.push_title', vars), body: translate(locale, 'nudges.push_body', vars), url };
      for (const sub of devices.filter((d) => d.user_id === user.id)) {
        if (await deliver(deps, sub, payload) === 'gone') gone.push(sub.endpoint);
      }
      if (user.email_reminders !== 1 || user.email_verified !== 1) return;
      try {
        await deps.mailer.send({
          kind: 'reminder', to: user.email, subject: translate(locale, 'nudges.email_subject', vars),
          text: translate(locale, 'nudges.email_text', { ...vars, url: `${deps.config.appOrigin}${url}` }),
        });
      } catch (error) {
        deps.log.warn({ err: error, userId: user.id }, 'nudge email failed');
      }
    })));
    if (gone.length > 0) await deleteSubscriptionsByEndpoint(deps.db, gone);
  } catch (error) {
    deps.log.error({ err: error, leagueId: nudge.league.id }, 'nudge delivery failed');
  }
}
