import type { Db, Tx } from '../../platform/db/database';

/**
 * What the user's data export shows of webhooks and what account deletion does to them: the hooks the user added
 * (league, kind, host, events; never the URL, which holds the chat's credential, nor the signing secret), and on
 * deletion the hooks stay with their league, no longer naming who added them.
 */
export const webhooksUserData = {
  name: 'webhooks',
  async collect(db: Db, userId: number) {
    const rows = await db.selectFrom('league_webhooks').select(['league_id', 'kind', 'url', 'events', 'created_at'])
      .where('created_by', '=', userId).orderBy('id').execute();
    return rows.map((row) => ({
      league_id: row.league_id, kind: row.kind, host: new URL(row.url).host, events: row.events.split(','),
      created_at: new Date(row.created_at).toISOString(),
    }));
  },
  async forget(trx: Tx, userId: number): Promise<void> {
    await trx.updateTable('league_webhooks').set({ created_by: null }).where('created_by', '=', userId).execute();
  },
};
