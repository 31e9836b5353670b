import type { League, LeagueRule } from '../../../shared/api/entities';
import { ROUND } from '../../../shared/domain/rounds';
import { escapeLikePattern, normaliseSearchText } from '../../../shared/domain/text';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { forbidden, notFound } from '../../platform/errors/errors';
import { asInvitee, invitationByToken, invitationForCaller } from '../../domain/leagues/invitationClaims';
import { loadLeagueAccess, requireMemberOrAdmin } from '../../domain/leagues/leagueAccess';
import { competitionLeagueRules, searchLeagues, type LeagueFilter } from './leaguesRepository';
import { leagueView, leagueViews } from './leagueViews';
import { toMemberView, type MemberView } from './membershipService';
import { listMembers } from '../../domain/leagues/membersRepository';

const SEARCH_LIMIT = 50;

/**
 * The caller's leagues by default; with user_id, that user's leagues the caller also belongs to (all of them
 * for an admin); with competition_id, only that competition's.
 */
export async function indexLeagues(deps: AppDeps, user: AuthUser, query: { user_id?: number; competition_id?: number }): Promise<League[]> {
  const filter: LeagueFilter = { competitionId: query.competition_id };
  if (query.user_id !== undefined && query.user_id !== user.id) {
    const exists = await deps.db.selectFrom('users').select('id').where('id', '=', query.user_id).executeTakeFirst();
    if (!exists) throw notFound('errors.user_not_found');
    filter.memberId = query.user_id;
    filter.callerIsMember = !user.is_admin;
  } else {
    filter.callerIsMember = true;
  }
  return leagueViews(deps.db, user.id, filter, deps.clock.now());
}

/**
 * Members and admins see a league; so do people who may join it, without the share token: the join page shows
 * the league to whoever follows its share link or an invitation link, or is invited at their verified address.
 */
export async function showLeague(deps: AppDeps, user: AuthUser, leagueId: number, token?: string): Promise<League> {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  const holdsToken = token !== undefined && (token === access.league.share_token
    || (await invitationByToken(deps.db, leagueId, token)) !== undefined);
  const mayLook = access.isMember || user.is_admin || access.league.allow_join === 1 || holdsToken
    || (await invitationForCaller(deps.db, leagueId, user)) !== undefined;
  if (!mayLook) throw forbidden('errors.league_private');
  return leagueView(deps.db, user.id, leagueId, deps.clock.now());
}

export async function leagueMembers(deps: AppDeps, user: AuthUser, leagueId: number): Promise<MemberView[]> {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  requireMemberOrAdmin(access, user);
  return (await listMembers(deps.db, leagueId)).map(toMemberView);
}

/** Pick rules in play: round rules only with round bets enabled, the top scorer rule only with person bets. */
export async function leagueRules(deps: AppDeps, user: AuthUser, leagueId: number): Promise<LeagueRule[]> {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  requireMemberOrAdmin(access, user);
  const { league } = access;
  const rules = await competitionLeagueRules(deps.db, league.competition_id);
  return rules.filter((rule) => (rule.round_id === ROUND.TOP_SCORER ? league.person_bets_enabled === 1 : league.round_bets_enabled === 1));
}

export async function findLeagues(deps: AppDeps, user: AuthUser, text: string) {
  const pattern = `%${escapeLikePattern(normaliseSearchText(text))}%`;
  // Other people's leagues: a replica's lag is fine here.
  const rows = await deps.replica.mayLag((db) => searchLeagues(db, { id: user.id, email: user.email_verified ? asInvitee(user).email : null }, pattern, SEARCH_LIMIT));
  return rows.map((row) => {
    const isMember = row.caller_user_id !== null;
    return {
      id: row.id,
      name: row.name,
      competition: {
        id: row.competition_id, name: row.competition_name,
        finished: row.competition_finished === 1, is_league: row.competition_type === 'league',
      },
      members_count: row.members_count,
      owner_name: row.owner_name,
      joinable: !isMember,
      invited: row.invited,
      is_member: isMember,
    };
  });
}
