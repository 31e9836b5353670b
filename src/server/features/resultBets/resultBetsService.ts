import type { Static } from 'typebox';
import type { PointsInfo, ResultBet } from '../../../shared/api/routes/resultBets';
import {
  LEGEND_DESCRIPTION, effectivePoints, isSignBet, legendKeys, maxResultBetPoints, resultBetLegend, roundFactor,
} from '../../../shared/domain/scoring';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, badRequest, forbidden, invalidField, notFound } from '../../platform/errors/errors';
import type { MessageKey, Translate } from '../../platform/i18n/messages';
import { lockLeagueMember } from '../../domain/picks/pickContextRepository';
import { loadLeagueScoring, scoringFromColumns } from '../../domain/scoring/leagueScoring';
import { appendLeagueLog } from '../../domain/leagueLog/leagueLogService';
import { refreshLeagueStandings, scoreResultBet } from '../../domain/rescoring/recompute';
import { crowdSplit } from '../../domain/scoring/crowdSplit';
import { oddsExplained, quoteExplained } from './rarityExplained';
import { scoringOdds } from '../../domain/fairOdds/leagueOdds';
import { saveOwnOpenBet } from './ownBetSave';
import { canEditBet, isBetVisible, toResultBet } from './resultBetMapping';
import * as repo from './resultBetsRepository';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import { actsAsBot, byBotFlag, refuseBotIn } from '../../domain/leagues/botRules';

type ResultBetDto = Static<typeof ResultBet>;
const LAST_BETS = 20;

export interface IndexQuery { user_id?: number; matchday?: number; mode?: number; match_id?: number }


export async function index(deps: AppDeps, user: AuthUser, leagueId: number, query: IndexQuery): Promise<ResultBetDto[]> {
  const { db } = deps;
  const league = await requireLeagueAccess(db, leagueId, user);
  const now = deps.clock.now();
  if (query.match_id !== undefined) {
    const rows = await repo.listMatchBets(db, { leagueId, competitionId: league.competition_id, matchId: query.match_id });
    return rows.map((row) => toResultBet(row, user.id, now));
  }
  const userId = query.user_id ?? user.id;
  const mode = query.mode ?? 0;
  // A simulation is private to its owner.
  if (mode === 1 && userId !== user.id) throw forbidden();
  const targetIsMember = userId === user.id ? league.is_member === 1 : await repo.isMember(db, leagueId, userId);
  // An admin outside the league has no bets of their own there (and none are created for them).
  if (!targetIsMember) {
    if (userId === user.id) return [];
    throw notFound('errors.user_not_found');
  }
  const fromMatchday = league.competition_type === 'league' ? league.start_matchday : 1;
  const matchday = query.matchday ?? await repo.currentMatchday(db, league.competition_id, fromMatchday);
  if (league.bets_system !== 'disabled' && (league.is_member === 1 || userId !== user.id)) await repo.ensureMatchdayBets(db, { leagueId, userId, matchday, mode, now });
  const rows = await repo.listMatchdayBets(db, { leagueId, competitionId: league.competition_id, userId, matchday, mode });
  return rows.map((row) => toResultBet(row, user.id, now));
}

export async function lastBets(deps: AppDeps, user: AuthUser, leagueId: number): Promise<ResultBetDto[]> {
  const { db } = deps;
  const league = await requireLeagueAccess(db, leagueId, user);
  const now = deps.clock.now();
  const rows = await repo.listLastBets(db, { leagueId, competitionId: league.competition_id, now, limit: LAST_BETS });
  return rows.map((row) => toResultBet(row, user.id, now));
}

export async function pointsInfo(deps: AppDeps, user: AuthUser, betId: number, t: Translate): Promise<Static<typeof PointsInfo>> {
  const { db } = deps;
  const row = await repo.findBet(db, betId);
  // Another member's simulation does not exist for the caller: its legend would tell its hypothetical result.
  if (!row || (row.mode === 1 && row.user_id !== user.id)) throw notFound('errors.bet_not_found');
  await requireLeagueAccess(db, row.league_id, user);
  if (!isBetVisible(row, user.id, deps.clock.now())) throw forbidden('errors.bets_hidden');
  const rules = { bets_system: row.bets_system, scoring: scoringFromColumns(row), knockout_basis: row.knockout_basis };
  const match = {
    round_id: row.round_id, finished: row.finished, local_goals: row.match_local_goals, visiting_goals: row.match_visiting_goals,
    local_goals_extra_time: row.local_goals_extra_time, visiting_goals_extra_time: row.visiting_goals_extra_time,
    local_penalties: row.local_penalties, visiting_penalties: row.visiting_penalties,
  };
  const crowd = rules.scoring.mode === 'quote' && row.played === 1 ? await crowdSplit(db, row.league_id, row.match_id) : undefined;
  const odds = row.played === 1 ? (await scoringOdds(db, row.league_id, rules, [row.match_id], deps.clock.now())).get(row.match_id) : undefined;
  const scored = row.played === 1 ? resultBetLegend(rules, row, match, crowd, odds) : null;
  const legend = scored ?? legendKeys(rules).map((key) => ({ key, points: 0, max_points: effectivePoints(rules)[key] }));
  const quote = (crowd && quoteExplained(rules, match, crowd, t)) || (odds && oddsExplained(rules, match, odds, t));
  // The bet's points are the legend's sum times the round's weight and its joker: say so.
  const { weights } = await loadLeagueScoring(db, row.league_id);
  const joker = row.joker === 1 && weights.jokers.count > 0 ? weights.jokers.multiplier : 1;
  return {
    max_points: maxResultBetPoints(rules),
    legend: legend.map((r) => ({
      description: r.key === 'tendency' && quote ? quote : t(LEGEND_DESCRIPTION[r.key] as MessageKey), points: r.points, max_points: r.max_points,
    })),
    multiplier: roundFactor(weights.round_multipliers, row.round_id) * joker,
  };
}

async function saveBet(
  deps: AppDeps, user: AuthUser,
  body: { result_bet_id: number; local_goals: number | null; visiting_goals: number | null; mode?: number; joker?: boolean },
): Promise<ResultBetDto> {
  const { db } = deps;
  const { local_goals: local, visiting_goals: visiting } = body;
  if ((local === null) !== (visiting === null)) {
    throw invalidField(local === null ? 'local_goals' : 'visiting_goals', 'validation.blank');
  }
  const now = deps.clock.now();
  // A joker change takes the checked path (the member's joker count is checked under a lock), and so does a bot's
  // save (its league may refuse bots, and the save is marked).
  if ((body.mode ?? 0) === 0 && body.joker === undefined && !actsAsBot(user)) {
    const signOk = local === null || visiting === null || isSignBet(local, visiting);
    const saved = await saveOwnOpenBet(db, deps.dialect, { betId: body.result_bet_id, userId: user.id, local, visiting, now, signOk });
    if (saved) return toResultBet(saved, user.id, now);
  }
  // Its points are not read: an editable bet has none yet, and a correction scores the bet again.
  const row = await repo.findUnscoredBet(db, body.result_bet_id);
  if (!row) throw notFound('errors.bet_not_found');
  refuseBotIn(row.bots, user);
  if (row.bets_system === 'disabled') throw badRequest('errors.bets_disabled');
  if (row.played !== 1) throw badRequest('errors.match_not_in_league');
  if (row.bets_system === 'sign' && local !== null && visiting !== null && !isSignBet(local, visiting)) {
    throw invalidField('local_goals', 'validation.inclusion');
  }
  if ((body.mode ?? row.mode) === 1) return updateSimulation(deps, user, row, local, visiting, now);
  if (row.mode !== 0) throw forbidden();
  if (canEditBet(row, user.id, now)) {
    // A joker rides on a bet: it cannot be played on an empty one, and clearing the bet releases it.
    if (body.joker === true && local === null) throw badRequest('errors.joker_needs_bet');
    const joker = local === null ? 0 : body.joker === undefined ? row.joker : body.joker ? 1 : 0;
    await db.transaction().execute(async (trx) => {
      if (joker !== row.joker) await setJoker(deps, trx, row, joker === 1);
      await repo.updateBetGoals(trx, { betId: row.id, competitionId: row.competition_id, local, visiting, now, byBot: byBotFlag(user) });
    });
    return toResultBet({ ...row, local_goals: local, visiting_goals: visiting, joker, by_bot: byBotFlag(user), updated_at: now }, user.id, now);
  }
  if (!user.is_admin) {
    if (row.user_id !== user.id) throw forbidden();
    if (row.competition_finished === 1) throw badRequest('errors.league_finished');
    if (row.finished === 1 && now < row.deadline) throw badRequest('errors.match_has_result');
    throw badRequest('errors.deadline_passed');
  }
  return adminCorrection(deps, user, row, local, visiting, now);
}

/**
 * Flags or unflags the bet's joker (which multiplies its points), before its deadline like its goals. A member plays at most the
 * league's joker count over the whole competition: the count and the jokers played are both read under the
 * member's row lock (PostgreSQL; SQLite runs one transaction at a time), which an owner changing the count takes
 * too, so neither concurrent flags nor a lowered count can be passed.
 */
async function setJoker(deps: AppDeps, trx: Executor, row: repo.BetRow, joker: boolean): Promise<void> {
  if (joker) {
    await lockLeagueMember(trx, deps.dialect, row.league_id, row.user_id);
    const count = await repo.leagueJokerCount(trx, row.league_id);
    const others = await repo.countOtherJokers(trx, { leagueId: row.league_id, competitionId: row.competition_id, userId: row.user_id, betId: row.id });
    if (others >= count) throw new AppError(409, 'errors.joker_limit', { count });
  }
  await repo.updateBetJoker(trx, { betId: row.id, competitionId: row.competition_id, joker });
}

/** A global admin may correct any bet at any time: flagged, audit-logged, and scored at once. */
async function adminCorrection(deps: AppDeps, user: AuthUser, row: repo.BetRow, local: number | null, visiting: number | null, now: number) {
  const { db } = deps;
  const points = await db.transaction().execute(async (trx) => {
    // A result being revealed meanwhile holds the match row: wait for it, so the scoring below sees its outcome.
    if (deps.dialect === 'postgres') await repo.lockMatch(trx, row.match_id);
    await repo.updateBetGoals(trx, { betId: row.id, competitionId: row.competition_id, local, visiting, now, correction: true });
    const scored = await scoreResultBet(trx, row.id);
    await repo.insertAudit(trx, {
      actorId: user.id, action: 'result_bet.corrected', entityId: row.id, now,
      details: { from: [row.local_goals, row.visiting_goals], to: [local, visiting], user_id: row.user_id },
    });
    await refreshLeagueStandings(trx, row.league_id);
    // Last (its lock is always the last taken): the league's tamper-evident log records the correction.
    await appendLeagueLog(trx, { now, key: deps.logKey }, [{
      leagueId: row.league_id, actorId: user.id, action: 'result_bet.admin_correction',
      details: {
        result_bet_id: row.id, match_id: row.match_id, user_id: row.user_id,
        before: { local_goals: row.local_goals, visiting_goals: row.visiting_goals }, after: { local_goals: local, visiting_goals: visiting },
      },
    }]);
    return scored;
  });
  return toResultBet({ ...row, local_goals: local, visiting_goals: visiting, updated_at: now, modified_after_start: 1, points }, user.id, now);
}

async function updateSimulation(deps: AppDeps, user: AuthUser, row: repo.BetRow, local: number | null, visiting: number | null, now: number) {
  const { db } = deps;
  if (row.mode === 1 && row.user_id !== user.id) throw forbidden();
  if (row.mode === 0 && row.user_id !== user.id && !(await repo.isMember(db, row.league_id, user.id))) throw forbidden();
  if (row.competition_finished === 1) throw badRequest('errors.league_finished');
  const id = await db.transaction().execute((trx) => repo.upsertSimulationBet(trx, {
    leagueId: row.league_id, userId: user.id, matchId: row.match_id, local, visiting, now,
  }));
  return toResultBet({
    ...row, id, mode: 1, user_id: user.id, user_name: user.name, local_goals: local, visiting_goals: visiting,
    points: null, modified_after_start: 0, updated_at: now,
  }, user.id, now);
}

/** Saves a bet or a simulation; stored bets are counted for the metrics (a simulation is not a bet). */
export async function update(
  deps: AppDeps, user: AuthUser,
  body: { result_bet_id: number; local_goals: number | null; visiting_goals: number | null; mode?: number; joker?: boolean },
): Promise<ResultBetDto> {
  const bet = await saveBet(deps, user, body);
  if (bet.mode === 0) deps.metrics.betSaved();
  return bet;
}
