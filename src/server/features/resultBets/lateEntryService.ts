import type { Static } from 'typebox';
import type { ResultBet } from '../../../shared/api/routes/resultBets';
import { isSignBet } from '../../../shared/domain/scoring';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, badRequest, conflict, forbidden, invalidField, notFound } from '../../platform/errors/errors';
import { appendLeagueLog } from '../../domain/leagueLog/leagueLogService';
import { loadLeagueAccess } from '../../domain/leagues/leagueAccess';
import { refreshLeagueStandings, scoreResultBet } from '../../domain/rescoring/recompute';
import { toResultBet } from './resultBetMapping';
import * as repo from './resultBetsRepository';

/**
 * Late entry: the league's owner enters or corrects another member's real bet after its deadline. The bet is scored
 * at once, marked (late_entry) for everyone, and the change goes into the league's log with its reason. Never the
 * owner's own bet, and once the match has a result only in a league whose rules say so (late_entry_after_result):
 * knowing the score, an owner could otherwise pick it for themselves or rewrite a rival's bet. A refusal changes
 * nothing and is written to the server's log with who tried.
 */
export async function enterLateBet(
  deps: AppDeps, user: AuthUser, body: { result_bet_id: number; local_goals: number; visiting_goals: number; reason: string },
): Promise<Static<typeof ResultBet>> {
  const reason = body.reason.trim().replace(/\s+/g, ' ');
  if (!reason) throw invalidField('reason', 'validation.blank');
  const now = deps.clock.now();
  const { local_goals: local, visiting_goals: visiting } = body;
  const refused = (error: AppError, betId: number, why: string) => {
    deps.log.warn({ userId: user.id, resultBetId: betId, reason: why }, 'late entry refused');
    return error;
  };
  const saved = await deps.db.transaction().execute(async (trx) => {
    const found = await repo.findBet(trx, body.result_bet_id);
    // Another member's simulation does not exist for the caller.
    if (!found || found.mode !== 0) throw notFound('errors.bet_not_found');
    const { league, isOwner } = await loadLeagueAccess(trx, found.league_id, user);
    if (!isOwner) throw forbidden();
    if (found.user_id === user.id) throw refused(forbidden('errors.late_entry_own_bet'), found.id, 'own bet');
    // PostgreSQL: a result being revealed, or another late entry on this match, holds the match row: wait for it,
    // then read the bet again, so the logged "before" and the scoring below see what committed meanwhile.
    if (deps.dialect === 'postgres') await repo.lockMatch(trx, found.match_id);
    const before = (await repo.findBet(trx, found.id))!;
    if (before.competition_finished === 1) throw forbidden('errors.league_finished');
    if (before.played !== 1) throw badRequest('errors.match_not_in_league');
    if (now < before.deadline) throw conflict('errors.late_entry_before_deadline');
    // A score in play counts too: it tells the owner as much as the final one.
    const afterResult = before.finished === 1 || before.match_local_goals !== null;
    if (afterResult && league.late_entry_after_result !== 1) {
      throw refused(conflict('errors.late_entry_after_result'), before.id, 'after the result');
    }
    if (before.bets_system === 'sign' && !isSignBet(local, visiting)) throw invalidField('local_goals', 'validation.inclusion');
    await repo.updateBetGoals(trx, { betId: before.id, competitionId: before.competition_id, local, visiting, now, lateEntry: true });
    await scoreResultBet(trx, before.id);
    await refreshLeagueStandings(trx, before.league_id);
    await appendLeagueLog(trx, { now, key: deps.logKey }, [{
      leagueId: before.league_id, actorId: user.id, action: 'result_bet.late_entry',
      details: {
        result_bet_id: before.id, match_id: before.match_id, user_id: before.user_id, reason, after_result: afterResult,
        before: { local_goals: before.local_goals, visiting_goals: before.visiting_goals },
        after: { local_goals: local, visiting_goals: visiting },
      },
    }]);
    return repo.findBet(trx, before.id);
  });
  return toResultBet(saved!, user.id, now);
}
