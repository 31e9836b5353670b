import type { Executor } from '../../platform/db/database';
import { insertMessage } from './messagesRepository';

/**
 * A league's webhooks send to addresses their owner chose, and a hook's URL is a credential only its owner holds
 * (a Discord or Slack channel of theirs). When the league changes owner, every hook that is on is switched off (what
 * it still had to send is given up with it), so the previous owner stops hearing of the league, and the new owner is
 * told in their messages: they may test a hook to switch it on again, or remove it.
 */
export async function switchOffWebhooksOfNewOwners(db: Executor, successors: { leagueId: number; ownerId: number }[], now: number): Promise<void> {
  if (successors.length === 0) return;
  const leagueIds = successors.map((s) => s.leagueId);
  const hooks = await db.selectFrom('league_webhooks as h').innerJoin('leagues as l', 'l.id', 'h.league_id')
    .select(['h.id', 'h.league_id', 'l.name as league_name']).where('h.league_id', 'in', leagueIds).where('h.disabled_at', 'is', null)
    .execute();
  if (hooks.length === 0) return;
  const ids = hooks.map((hook) => hook.id);
  await db.updateTable('league_webhooks').set({ disabled_at: now }).where('id', 'in', ids).execute();
  await db.updateTable('webhook_deliveries').set({ status: 'failed', finished_at: now, locked_until: null, last_error: 'owner changed' })
    .where('webhook_id', 'in', ids).where('status', '=', 'pending').execute();
  for (const successor of successors) {
    const own = hooks.filter((hook) => Number(hook.league_id) === successor.leagueId);
    if (own.length === 0) continue;
    await insertMessage(db, {
      user_id: successor.ownerId, kind: 'webhooks_switched_off', league_id: successor.leagueId, invitation_id: null, now,
      payload: { league_name: own[0]!.league_name, webhooks: own.length },
    });
  }
}
