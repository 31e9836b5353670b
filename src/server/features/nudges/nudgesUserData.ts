import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/** Nudges the user received (per league and deadline) and sent as an owner. A sent nudge stays, without its sender. */
export const nudgesUserData: UserDataSection = {
  name: 'nudges',
  async collect(db, userId) {
    const base = () => db.selectFrom('league_nudges as n').innerJoin('leagues as l', 'l.id', 'n.league_id')
      .select(['n.league_id', 'l.name as league', 'n.deadline', 'n.nudged_at']);
    const received = await base().where('n.user_id', '=', userId).orderBy('n.nudged_at').execute();
    const sent = await base().where('n.nudged_by', '=', userId).orderBy('n.nudged_at').execute();
    const nudge = (r: (typeof sent)[number]) => ({
      league_id: Number(r.league_id), league: r.league, deadline: isoTime(r.deadline), nudged_at: isoTime(r.nudged_at),
    });
    return { received: received.map(nudge), sent: sent.length };
  },
  async forget(trx, userId) {
    await trx.deleteFrom('league_nudges').where('user_id', '=', userId).execute();
    await trx.updateTable('league_nudges').set({ nudged_by: null }).where('nudged_by', '=', userId).execute();
  },
};
