import type { Static } from 'typebox';
import type { MissingBets } from '../../../shared/api/routes/nudges';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { conflict, forbidden } from '../../platform/errors/errors';
import type { Executor } from '../../platform/db/database';
import { loadLeagueAccess, requireOwner, requireWritable } from '../../domain/leagues/leagueAccess';
import { deliverNudge, type Nudge } from './nudgeDelivery';
import { membersMissingBets, nextDeadline, recordNudges } from './nudgesRepository';

type MissingBetsView = Static<typeof MissingBets>;

async function missingBetsAt(db: Executor, leagueId: number, now: number) {
  const next = await nextDeadline(db, leagueId, now);
  const members = next ? await membersMissingBets(db, leagueId, next.deadline) : [];
  return { next, members };
}

const view = (next: { deadline: number; matchday: number } | null, members: MissingBetsView['members']): MissingBetsView => ({
  deadline: next ? new Date(next.deadline).toISOString() : null, matchday: next?.matchday ?? null, members,
});

/** Who has not bet yet for the league's next deadline: its owner, and global admins, who may look at any league. */
export async function missingBets(deps: AppDeps, user: AuthUser, leagueId: number): Promise<MissingBetsView> {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  if (!access.isOwner && !user.is_admin) throw forbidden();
  const { next, members } = await missingBetsAt(deps.db, leagueId, deps.clock.now());
  return view(next, members);
}

/**
 * The owner nudges every member still missing bets for the next deadline, except themselves, once per member and
 * deadline: who is missing and the record of the nudge are decided in one transaction, so of two calls at once only
 * one nudges each member. 409 when nobody is missing, or when all of them were already nudged. The push and email
 * leave after the commit, in `delivered` (the route does not wait for it).
 */
export async function nudgeMembers(deps: AppDeps, user: AuthUser, leagueId: number) {
  const access = await loadLeagueAccess(deps.db, leagueId, user);
  requireOwner(access);
  requireWritable(access);
  const now = deps.clock.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    const { next, members } = await missingBetsAt(trx, leagueId, now);
    const candidates = members.filter((m) => m.user_id !== user.id);
    if (!next || candidates.length === 0) throw conflict('errors.nudge_nobody');
    const nudged = await recordNudges(trx, { leagueId, userIds: candidates.map((m) => m.user_id), deadline: next.deadline, by: user.id, now });
    if (nudged.length === 0) throw conflict('errors.nudge_already');
    const shown = members.map((m) => (nudged.includes(m.user_id) ? { ...m, nudged: true } : m));
    return { next, nudged, shown };
  });
  const nudge: Nudge = {
    league: { id: leagueId, name: access.league.name }, owner: user.name, deadline: done.next.deadline, matchday: done.next.matchday,
    members: done.shown.filter((m) => done.nudged.includes(m.user_id)).map((m) => ({ user_id: m.user_id, missing: m.missing })),
  };
  return {
    nudged: done.shown.filter((m) => done.nudged.includes(m.user_id)),
    answer: { nudged_user_ids: done.nudged, missing: view(done.next, done.shown) },
    delivered: deliverNudge(deps, nudge),
  };
}
