import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/**
 * What the user's data export shows of webhooks and what account deletion does to them: the hooks the user added
 * (league, kind, host, events, whether it is on; never the URL, which holds the chat's credential, nor the signing
 * secret), and on deletion the hooks stay with their league, no longer naming who added them (the league's hand-over
 * has switched them off already when the user owned it).
 */
export const webhooksUserData: UserDataSection = {
  name: 'webhooks',
  async collect(db, userId) {
    const rows = await db.selectFrom('league_webhooks as h').innerJoin('leagues as l', 'l.id', 'h.league_id')
      .select(['h.league_id', 'l.name as league', 'h.kind', 'h.url', 'h.events', 'h.created_at', 'h.disabled_at'])
      .where('h.created_by', '=', userId).orderBy('h.id').execute();
    return rows.map((row) => ({
      league_id: Number(row.league_id), league: row.league, kind: row.kind, host: new URL(row.url).host, events: row.events.split(','),
      switched_off: row.disabled_at !== null, created_at: isoTime(row.created_at),
    }));
  },
  async forget(trx, userId) {
    await trx.updateTable('league_webhooks').set({ created_by: null }).where('created_by', '=', userId).execute();
  },
};
