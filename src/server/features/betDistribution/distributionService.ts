import type { Static } from 'typebox';
import type { PickDistribution, ResultBetDistribution } from '../../../shared/api/routes/betDistribution';
import { crowdOf, crowdTotal, oddsPoints, outcomeOf, quotePoints, scoresByRarity } from '../../../shared/domain/scoring';
import { scoringOdds } from '../../domain/fairOdds/leagueOdds';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/errors/errors';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import { loadPickContext, pickKindOf, requireActiveRule, ruleDeadline } from '../../domain/picks/pickContext';
import { findPickRule } from '../../domain/picks/pickContextRepository';
import { commonScores, crowdSplit } from '../../domain/scoring/crowdSplit';
import { scoringFromColumns } from '../../domain/scoring/leagueScoring';
import * as repo from './distributionRepository';

/** How many scores or picks a distribution names. */
const MOST_COMMON = 5;

/** Before the bets are shown the answer is the same refusal whatever was bet, so it reveals nothing. */
const hidden = () => new AppError(403, 'errors.distribution_hidden');

/**
 * How a league's members bet on a match: members and global admins (the league reading rule), once the match's
 * bets are shown in the league (its deadline there has passed). In a league scored by crowd quote, also what a
 * right tendency earns for each outcome.
 */
export async function resultBetDistribution(
  deps: AppDeps, user: AuthUser, leagueId: number, matchId: number,
): Promise<Static<typeof ResultBetDistribution>> {
  const { db } = deps;
  await requireLeagueAccess(db, leagueId, user);
  const match = await repo.findLeagueMatch(db, leagueId, matchId);
  if (!match) throw notFound('errors.match_not_found');
  if (match.played !== 1) throw notFound('errors.match_not_in_league');
  if (deps.clock.now() < match.deadline) throw hidden();
  const [split, scores] = await Promise.all([crowdSplit(db, leagueId, matchId), commonScores(db, leagueId, matchId, MOST_COMMON)]);
  const scoring = scoringFromColumns(match);
  const bets = crowdTotal(split);
  const rules = { bets_system: match.bets_system, scoring, knockout_basis: match.knockout_basis };
  const odds = (await scoringOdds(db, leagueId, rules, [matchId], deps.clock.now())).get(matchId);
  const quoteOf = (sign: -1 | 0 | 1) => (odds
    ? oddsPoints(scoring.tendency, outcomeOf(odds, sign), scoring.quote_max)
    : quotePoints(scoring.tendency, bets, crowdOf(split, sign), scoring.quote_max));
  return {
    league_id: leagueId, match_id: matchId, bets, ...split, scores,
    quote: scoresByRarity(scoring.mode) && match.bets_system !== 'disabled' ? { home: quoteOf(1), draw: quoteOf(0), away: quoteOf(-1) } : null,
  };
}

/**
 * How a league's members picked one rule (round picks or top scorer): members and global admins, once the
 * rule's picks are shown (its deadline has passed), the most picked first.
 */
export async function pickDistribution(
  deps: AppDeps, user: AuthUser, leagueId: number, ruleId: number,
): Promise<Static<typeof PickDistribution>> {
  const ctx = await loadPickContext(deps, deps.db, leagueId, user);
  const found = await findPickRule(deps.db, ruleId);
  if (!found) throw notFound('errors.league_rule_not_found');
  const kind = pickKindOf(found);
  const rule = await requireActiveRule(deps.db, ctx, ruleId, kind);
  const deadline = ruleDeadline(ctx, rule);
  if (deadline === null || ctx.now < deadline) throw hidden();
  const { members, picks } = await repo.mostPicked(deps.db, { leagueId, ruleId, kind, limit: MOST_COMMON });
  return { league_id: leagueId, league_rule_id: ruleId, members, picks };
}
