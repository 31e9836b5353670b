import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/** The user's result bets in every league (simulations included, marked), with the match they are on. */
export const resultBetsUserData: UserDataSection = {
  name: 'result_bets',
  async collect(db, userId) {
    const rows = await db.selectFrom('result_bets as rb').innerJoin('leagues as l', 'l.id', 'rb.league_id')
      .innerJoin('matches as m', 'm.id', 'rb.match_id')
      .leftJoin('teams as lt', 'lt.id', 'm.local_team_id').leftJoin('teams as vt', 'vt.id', 'm.visiting_team_id')
      .select(['rb.league_id', 'l.name as league', 'rb.match_id', 'm.date', 'lt.team_name as local_team', 'vt.team_name as visiting_team',
        'rb.local_goals', 'rb.visiting_goals', 'rb.joker', 'rb.mode', 'rb.late_entry', 'rb.updated_at'])
      .where('rb.user_id', '=', userId).orderBy('rb.league_id').orderBy('m.date').orderBy('rb.match_id').execute();
    return rows.map((r) => ({
      league_id: Number(r.league_id), league: r.league, match_id: Number(r.match_id), kickoff: isoTime(r.date),
      local_team: r.local_team ?? null, visiting_team: r.visiting_team ?? null,
      local_goals: r.local_goals === null ? null : Number(r.local_goals), visiting_goals: r.visiting_goals === null ? null : Number(r.visiting_goals),
      joker: Number(r.joker) === 1, simulation: Number(r.mode) !== 0, late_entry: Number(r.late_entry) === 1, updated_at: isoTime(r.updated_at),
    }));
  },
  async forget(trx, userId) {
    await trx.deleteFrom('result_bets').where('user_id', '=', userId).execute();
  },
};
