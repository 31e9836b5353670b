import type { Executor } from '../../platform/db/database';
import type { AuthUser } from '../../platform/http/context';
import { AppError, forbidden, notFound } from '../../platform/errors/errors';
import { findMember } from './membersRepository';
import { findLeague, findLeagueForUser, type LeagueAccessRow, type LeagueRow } from './leagueRows';

/**
 * Who the caller is to a league. Every league route starts here, so the membership and ownership rules
 * live in one place.
 */
export interface LeagueAccess {
  league: LeagueRow;
  isMember: boolean;
  isOwner: boolean;
  department: string | null;
}

export async function loadLeagueAccess(db: Executor, leagueId: number, user: AuthUser): Promise<LeagueAccess> {
  const league = await findLeague(db, leagueId);
  if (!league) throw notFound('errors.league_not_found');
  const member = await findMember(db, leagueId, user.id);
  return { league, isMember: member !== undefined, isOwner: league.owner_id === user.id, department: member?.department ?? null };
}

/** A league whose competition is finished takes no more writes. */
export const leagueFinished = () => new AppError(403, 'errors.league_finished');

export function requireWritable(access: LeagueAccess): void {
  if (access.league.competition_finished === 1) throw leagueFinished();
}

/** Members read a league's insides; global admins may look at any league. */
function requireReader(isMember: boolean, user: AuthUser): void {
  if (!isMember && !user.is_admin) throw forbidden();
}

export function requireMemberOrAdmin(access: LeagueAccess, user: AuthUser): void {
  requireReader(access.isMember, user);
}

export function requireMember(access: LeagueAccess): void {
  if (!access.isMember) throw forbidden();
}

export function requireOwner(access: LeagueAccess): void {
  if (!access.isOwner) throw forbidden();
}

/** Settings other than name and openness freeze at the first kickoff unless the league says otherwise. */
export function competitionStarted(league: Pick<LeagueRow, 'first_kickoff'>, now: number): boolean {
  return league.first_kickoff !== null && now >= league.first_kickoff;
}

/**
 * The league, if the caller may read it (the reading rule above), in one query: what the reads of tables, bets and
 * live streams check on every call.
 */
export async function requireLeagueAccess(db: Executor, leagueId: number, user: AuthUser): Promise<LeagueAccessRow> {
  const league = await findLeagueForUser(db, leagueId, user.id);
  if (!league) throw notFound('errors.league_not_found');
  requireReader(league.is_member === 1, user);
  return league;
}
