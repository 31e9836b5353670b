import type { Executor } from '../../platform/db/database';

/**
 * The pending invitation a token opens, with what its landing page shows: league, competition, inviter, rules,
 * member count and whether an account has the invited address. Only leagues whose competition still runs.
 */
export async function findPreviewByToken(db: Executor, token: string) {
  return db.selectFrom('invitations as i')
    .innerJoin('leagues as l', 'l.id', 'i.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .leftJoin('users as u', 'u.id', 'i.inviter_id')
    .select((eb) => [
      'i.email', 'l.id as league_id', 'l.name as league_name', 'c.name as competition_name', 'u.name as inviter_name',
      'l.bets_system', 'l.scoring_mode', 'l.points_tendency', 'l.points_goal_difference', 'l.points_exact',
      'l.points_local_goals', 'l.points_visiting_goals', 'l.points_quote_max', 'l.joker_count', 'l.bet_deadline_minutes',
      eb.selectFrom('league_members as m').whereRef('m.league_id', '=', 'l.id')
        .select((e) => e.fn.countAll<number>().as('n')).as('members_count'),
      eb.exists(eb.selectFrom('users as a').select('a.id')
        .where((e) => e(e.fn('lower', ['a.email']), '=', e.ref('i.email')))).as('has_account'),
    ])
    .where('i.token', '=', token).where('i.status', '=', 'pending').where('c.finished', '=', 0)
    .executeTakeFirst();
}
