import type { Locale } from '../../../shared/api/route';
import type { AppDeps } from '../../deps';
import { translate } from '../../i18n/messages';
import { deliver } from '../push/pushDelivery';
import { deleteSubscriptionsByEndpoint, subscriptionsOf } from '../push/pushRepository';
import { alreadyReminded, pendingResultBets, recordReminders, type PendingMatchday } from './remindersRepository';

/** notify reminds about bets closing within this window (DESIGN 4.8). */
export const REMINDER_WINDOW_MS = 24 * 3_600_000;

interface MemberReminder { user: PendingMatchday; items: PendingMatchday[] }

const localeOf = (value: string): Locale => (value === 'es' ? 'es' : 'en');
const betsPath = (item: PendingMatchday) => `/result_bets/new?league_id=${item.league_id}&matchday=${item.matchday}`;

function byMember(rows: PendingMatchday[]): MemberReminder[] {
  const members = new Map<number, MemberReminder>();
  for (const row of rows) {
    const member = members.get(row.user_id) ?? { user: row, items: [] };
    member.items.push(row);
    members.set(row.user_id, member);
  }
  for (const member of members.values()) member.items.sort((a, b) => a.first_deadline - b.first_deadline);
  return [...members.values()];
}

/** The push a member's devices show: the matchday closing first, in the member's language. */
function pushPayload(member: MemberReminder) {
  const locale = localeOf(member.user.locale);
  const first = member.items[0];
  return {
    title: translate(locale, 'reminders.push_title'),
    body: translate(locale, 'reminders.push_body', { count: first.pending, league: first.league_name }),
    url: betsPath(first),
  };
}

function reminderEmail(deps: AppDeps, member: MemberReminder) {
  const locale = localeOf(member.user.locale);
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(locale, key, vars);
  const lines = member.items.map((item) => t('reminders.email_line', {
    league: item.league_name, count: item.pending, deadline: new Date(item.first_deadline).toISOString().slice(0, 16).replace('T', ' '),
  }));
  const text = [
    t('reminders.email_greeting', { name: member.user.name }), '', t('reminders.email_intro'), ...lines, '',
    t('reminders.email_outro', { url: `${deps.config.appOrigin}${betsPath(member.items[0])}` }),
  ].join('\n');
  return { to: member.user.email, subject: t('reminders.email_subject'), text };
}

/**
 * Reminds members with result bets closing within 24 hours: a push to each of their devices, and an email to
 * those who opted in (users.email_reminders). Subscriptions the push service no longer knows are removed.
 * `onlyNew` (the scheduler) skips matchdays a member was already reminded of. Answers how many members were reached.
 */
export async function sendReminders(deps: AppDeps, options: { onlyNew?: boolean } = {}): Promise<number> {
  const now = deps.clock.now();
  let rows = await pendingResultBets(deps.db, now, REMINDER_WINDOW_MS);
  if (options.onlyNew) {
    const seen = await alreadyReminded(deps.db, [...new Set(rows.map((r) => r.user_id))]);
    rows = rows.filter((r) => !seen.has(`${r.user_id}:${r.league_id}:${r.matchday}`));
  }
  const members = byMember(rows);
  const devices = new Map<number, Awaited<ReturnType<typeof subscriptionsOf>>>();
  for (const sub of await subscriptionsOf(deps.db, members.map((m) => m.user.user_id))) {
    devices.set(sub.user_id, [...(devices.get(sub.user_id) ?? []), sub]);
  }
  const reached = new Set<number>();
  const gone: string[] = [];
  for (const member of members) {
    const payload = pushPayload(member);
    for (const sub of devices.get(member.user.user_id) ?? []) {
      const result = await deliver(deps, sub, payload);
      if (result === 'sent') reached.add(member.user.user_id);
      if (result === 'gone') gone.push(sub.endpoint);
    }
    if (member.user.email_reminders === 1) {
      try {
        await deps.mailer.send(reminderEmail(deps, member));
        reached.add(member.user.user_id);
      } catch (error) {
        deps.log.warn({ err: error, userId: member.user.user_id }, 'reminder email failed');
      }
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    await deleteSubscriptionsByEndpoint(trx, gone);
    await recordReminders(trx, rows.filter((r) => reached.has(r.user_id)), now);
  });
  return reached.size;
}
