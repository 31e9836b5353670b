import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/**
 * Leagues: memberships (with the member's points), the leagues the user owns, and the leagues that banned them.
 * Account deletion has already left every league and handed owned ones over; forgetting removes what is left
 * (bans, and any membership a concurrent join slipped in). Rows derived from membership that other areas keep
 * (matchday points, title-race marks, reminders sent) go with the user row, by cascade.
 */
export const leaguesUserData: UserDataSection = {
  name: 'leagues',
  async collect(db, userId) {
    const memberships = await db.selectFrom('league_members as lm').innerJoin('leagues as l', 'l.id', 'lm.league_id')
      .innerJoin('competitions as c', 'c.id', 'l.competition_id')
      .select(['l.id', 'l.name', 'c.name as competition', 'l.owner_id', 'lm.department', 'lm.joined_at', 'lm.points_rounds', 'lm.points_people', 'lm.points_bonus'])
      .where('lm.user_id', '=', userId).orderBy('l.id').execute();
    const bans = await db.selectFrom('league_bans as b').innerJoin('leagues as l', 'l.id', 'b.league_id')
      .select(['l.id', 'l.name', 'b.banned_at']).where('b.user_id', '=', userId).orderBy('l.id').execute();
    return {
      memberships: memberships.map((m) => ({
        league_id: Number(m.id), league: m.name, competition: m.competition, owner: Number(m.owner_id) === userId,
        department: m.department, joined_at: isoTime(m.joined_at),
        points_rounds: Number(m.points_rounds), points_people: Number(m.points_people), points_bonus: Number(m.points_bonus),
      })),
      bans: bans.map((b) => ({ league_id: Number(b.id), league: b.name, banned_at: isoTime(b.banned_at) })),
    };
  },
  async forget(trx, userId) {
    await trx.deleteFrom('league_bans').where('user_id', '=', userId).execute();
    await trx.deleteFrom('league_members').where('user_id', '=', userId).execute();
  },
};
