import type { AppDeps } from '../../platform/deps';
import { translate, type MessageKey } from '../../platform/i18n/messages';
import { pendingItems, type PendingItem } from './pendingBets';
import { deliver } from '../../platform/push/pushDelivery';
import { deleteSubscriptionsByEndpoint, subscriptionsOf } from '../../platform/push/pushRepository';
import { alreadyReminded, recipients, recordReminders } from './remindersRepository';
import type { Locale } from '../../../shared/domain/locales';

/** notify reminds about bets closing within this window. */
const REMINDER_WINDOW_MS = 24 * 3_600_000;

/** Push services and the SMTP server are slow one by one and unhappy with thousands at once. */
const SEND_CONCURRENCY = 16;

async function runWithConcurrency(tasks: (() => Promise<void>)[], limit: number, heartbeat?: () => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      await tasks[index]();
      // A long run keeps its process lock alive (it would otherwise expire and let another process start).
      if (heartbeat && index % 500 === 499) await heartbeat();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

type Recipient = Awaited<ReturnType<typeof recipients>>[number];
interface MemberReminder { user: Recipient; items: PendingItem[] }

const localeOf = (value: string): Locale => (value === 'es' ? 'es' : 'en');
/** One reminder per league and matchday (result bets) or league and round (picks). */
const itemKey = (item: PendingItem) => (item.kind === 'results' ? `results:${item.matchday}` : `picks:${item.round_id}`);
const betsPath = (item: PendingItem) => `/result_bets/new?league_id=${item.league_id}${item.matchday === null ? '' : `&matchday=${item.matchday}`}`;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The push a member's devices show: the item closing first, in the member's language. */
function pushPayload(member: MemberReminder) {
  const locale = localeOf(member.user.locale);
  const first = member.items[0];
  const body: MessageKey = first.kind === 'results' ? 'reminders.push_body' : 'reminders.push_picks_body';
  return {
    title: translate(locale, 'reminders.push_title'),
    body: translate(locale, body, { count: first.missing, league: first.league_name }),
    url: betsPath(first),
  };
}

function reminderEmail(deps: AppDeps, member: MemberReminder) {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(localeOf(member.user.locale), key, vars);
  const lines = member.items.map((item) => t(item.kind === 'results' ? 'reminders.email_line' : 'reminders.email_picks_line', {
    league: item.league_name, count: item.missing, deadline: utc(item.deadline),
  }));
  const text = [
    t('reminders.email_greeting', { name: member.user.name }), '', t('reminders.email_intro'), ...lines, '',
    t('reminders.email_outro', { url: `${deps.config.appOrigin}${betsPath(member.items[0])}` }),
  ].join('\n');
  return { to: member.user.email, subject: t('reminders.email_subject'), text };
}

/**
 * Reminds members with bets or picks closing within 24 hours (alerts' pending items): a push to each of their
 * devices, and an email to those who opted in (users.email_reminders) at an address they verified: mail never goes to
 * an address its owner has not shown to be theirs. Subscriptions the push service no longer
 * knows (404/410) are removed. `onlyNew` (the scheduler) skips items a member was already reminded of.
 * Answers how many members were reached.
 */
export async function sendReminders(deps: AppDeps, options: { onlyNew?: boolean; heartbeat?: () => Promise<unknown> } = {}): Promise<number> {
  const now = deps.clock.now();
  let items = await pendingItems(deps.db, now, REMINDER_WINDOW_MS);
  const userIds = [...new Set(items.map((i) => i.user_id))];
  if (options.onlyNew) {
    const seen = await alreadyReminded(deps.db, userIds);
    items = items.filter((i) => !seen.has(`${i.user_id}:${i.league_id}:${itemKey(i)}`));
  }
  const users = new Map((await recipients(deps.db, [...new Set(items.map((i) => i.user_id))])).map((u) => [u.id, u]));
  const members = new Map<number, MemberReminder>();
  for (const item of items) {
    const user = users.get(item.user_id);
    if (!user) continue; // disabled
    const member = members.get(item.user_id) ?? { user, items: [] };
    member.items.push(item);
    members.set(item.user_id, member);
  }
  const devices = new Map<number, Awaited<ReturnType<typeof subscriptionsOf>>>();
  for (const sub of await subscriptionsOf(deps.db, [...members.keys()])) devices.set(sub.user_id, [...(devices.get(sub.user_id) ?? []), sub]);

  const reached = new Set<number>();
  const gone: string[] = [];
  const sends: (() => Promise<void>)[] = [];
  for (const member of members.values()) {
    const payload = pushPayload(member);
    for (const sub of devices.get(member.user.id) ?? []) {
      sends.push(async () => {
        const result = await deliver(deps, sub, payload);
        if (result === 'sent') reached.add(member.user.id);
        if (result === 'gone') gone.push(sub.endpoint);
      });
    }
    if (member.user.email_reminders === 1 && member.user.email_verified === 1) {
      sends.push(async () => {
        try {
          await deps.mailer.send({ ...reminderEmail(deps, member), kind: 'reminder' });
          reached.add(member.user.id);
        } catch (error) {
          deps.log.warn({ err: error, userId: member.user.id }, 'reminder email failed');
        }
      });
    }
  }
  await runWithConcurrency(sends, SEND_CONCURRENCY, options.heartbeat);
  await deps.db.transaction().execute(async (trx) => {
    await deleteSubscriptionsByEndpoint(trx, gone);
    await recordReminders(trx, items.filter((i) => reached.has(i.user_id)).map((i) => ({ user_id: i.user_id, league_id: i.league_id, item: itemKey(i) })), now);
  });
  return reached.size;
}
