import { isBeforeDeadline, pickDeadline } from '../../../shared/domain/deadlines';
import { ROUND } from '../../../shared/domain/rounds';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { badRequest, notFound } from '../../platform/errors/errors';
import type { Translate } from '../../platform/i18n/messages';
import { leaguePickKickoffsOf } from '../../domain/picks/pickAnchors';
import { lockMemberPicks } from '../../domain/rescoring/pickWrite';
import * as copyRepo from './copyBetsRepository';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';

/** copy_bets and reset_bets: each in one transaction, one statement per kind of bet. */

export async function reset(deps: AppDeps, user: AuthUser, leagueId: number, t: Translate) {
  const { db } = deps;
  await requireLeagueAccess(db, leagueId, user);
  await db.transaction().execute((trx) => copyRepo.deleteSimulation(trx, leagueId, user.id));
  return { message: t('success.bets_reset') };
}

export async function copy(deps: AppDeps, user: AuthUser, targetId: number, sourceId: number, t: Translate) {
  const { db } = deps;
  if (targetId === sourceId) throw badRequest('errors.same_league');
  const asMember = { ...user, is_admin: false };
  const target = await requireLeagueAccess(db, targetId, asMember);
  const source = await requireLeagueAccess(db, sourceId, asMember);
  if (target.competition_id !== source.competition_id) throw badRequest('errors.other_competition');
  if (target.competition_finished) throw badRequest('errors.league_finished');
  const now = deps.clock.now();
  const copied = await db.transaction().execute(async (trx) => {
    // The caller's picks in the target are replaced under the lock every pick write takes (pick limits hold).
    if (!(await lockMemberPicks(trx, deps, targetId, user.id))) throw notFound('errors.user_not_found');
    const [flags, rules, kickoffs] = await Promise.all([
      copyRepo.leagueFlags(trx, targetId), copyRepo.competitionRules(trx, target.competition_id),
      leaguePickKickoffsOf(trx, targetId),
    ]);
    // The same deadlines as every pick write (picks once shown stay closed).
    const open = rules.filter((rule) => kickoffs !== null && isBeforeDeadline(now, pickDeadline(rule.round_id, kickoffs)));
    const personRules = open.filter((r) => r.round_id === ROUND.TOP_SCORER).map((r) => r.id);
    const roundRules = open.filter((r) => r.round_id !== ROUND.TOP_SCORER).map((r) => r.id);
    const args = { source: sourceId, target: targetId, userId: user.id, now };
    let count = target.bets_system === 'disabled' ? 0 : await copyRepo.copyResultBets(trx, args);
    if (flags.round_bets_enabled) count += await copyRepo.copyPicks(trx, 'round_bets', { ...args, ruleIds: roundRules });
    if (flags.person_bets_enabled) count += await copyRepo.copyPicks(trx, 'person_bets', { ...args, ruleIds: personRules });
    return count;
  });
  return { message: t('success.bets_copied', { count: copied }), copied };
}

