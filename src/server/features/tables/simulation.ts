import { resultBetPoints, scoringResult, type BetWeights, type ScoredMatch, type ScoringRules } from '../../../shared/domain/scoring';
import { crowdSplitsByMatch } from '../../../shared/domain/crowdSplits';
import { tableHits } from '../../../shared/domain/tieBreaks';
import type { HitCounters } from '../../domain/standings/hitCounters';
import type { Executor } from '../../platform/db/database';
import type { MemberStanding } from '../../domain/standings/tableRanking';
import { standingsFromMatchdays } from '../../domain/standings/matchdayStandings';
import * as repo from '../../domain/standings/standingsRepository';
import { scoringOdds } from '../../domain/fairOdds/leagueOdds';

/**
 * The caller's private simulation (mode 1): unfinished matches take the caller's hypothetical
 * results, and only bets the caller may see are scored, so a simulation never reveals a hidden bet.
 * Pick points stay the stored real ones: they only exist once their (already visible) picks are decided.
 * One league at a time, computed on the fly.
 */
export async function simulatedStandings(
  db: Executor, args: { leagueId: number; competitionId: number; viewerId: number; rules: ScoringRules; weights?: BetWeights; now: number },
): Promise<{ members: MemberStanding[]; winners: Map<number, Set<number>>; hits: Map<number, HitCounters> }> {
  const [members, bets, matches, simulated] = await Promise.all([
    repo.listMemberStandings(db, args.leagueId),
    repo.listLeagueBetsForSimulation(db, args.leagueId, args.competitionId),
    repo.listCompetitionMatches(db, args.competitionId),
    repo.listSimulatedResults(db, args.leagueId, args.competitionId, args.viewerId),
  ]);
  const hypothetical = new Map(simulated.map((s) => [s.match_id, s]));
  const results = new Map<number, ScoredMatch>();
  const completeMatchdays = new Map<number, boolean>();
  for (const match of matches) {
    const guess = hypothetical.get(match.id);
    if (match.finished) results.set(match.id, match);
    else if (guess) {
      results.set(match.id, { ...match, finished: 1, local_goals: guess.local_goals, visiting_goals: guess.visiting_goals,
        local_goals_extra_time: null, visiting_goals_extra_time: null });
    }
    completeMatchdays.set(match.matchday, (completeMatchdays.get(match.matchday) ?? true) && results.has(match.id));
  }
  const visible = bets.filter((bet) => bet.user_id === args.viewerId || args.now >= bet.deadline);
  // Crowd quote: N and n count the bets the simulation may see (before a match's deadline, the viewer's own alone).
  const crowds = crowdSplitsByMatch(visible);
  // Odds: a hypothetical result scores by the chances sealed at the deadline, or before it by the chances now.
  const odds = await scoringOdds(db, args.leagueId, args.rules, [...results.keys()], args.now);
  const byUser = new Map<number, Record<string, number>>();
  const hits = new Map<number, HitCounters>();
  for (const bet of visible) {
    const result = results.get(bet.match_id);
    const points = result ? resultBetPoints(args.rules, bet, result, args.weights, crowds.get(bet.match_id), odds.get(bet.match_id)) : null;
    if (points === null) continue;
    const outcome = scoringResult(result!, args.rules.knockout_basis)!;
    const hit = tableHits({ local: bet.local_goals!, visiting: bet.visiting_goals! }, outcome, args.rules.bets_system === 'sign');
    const counters = hits.get(bet.user_id) ?? { exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0 };
    hits.set(bet.user_id, {
      exact_hits: counters.exact_hits + Number(hit.exact), goal_difference_hits: counters.goal_difference_hits + Number(hit.goal_difference),
      tendency_hits: counters.tendency_hits + Number(hit.tendency),
    });
    const days = byUser.get(bet.user_id) ?? {};
    days[bet.matchday] = (days[bet.matchday] ?? 0) + points;
    byUser.set(bet.user_id, days);
  }
  const { members: standings, winners } = await standingsFromMatchdays(members, byUser, completeMatchdays);
  return { members: standings, winners, hits };
}
