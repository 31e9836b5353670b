import { resultSign, type CrowdSplit } from './scoring';

/**
 * How a league bet on each match, from its real bets (all with both goals): per match, the bets by tendency. What
 * the crowd quote counts when points are scored in memory (the simulation, live provisional tables).
 */
export function crowdSplitsByMatch(
  bets: readonly { match_id: number; local_goals: number | null; visiting_goals: number | null }[],
): Map<number, CrowdSplit> {
  const splits = new Map<number, CrowdSplit>();
  for (const bet of bets) {
    if (bet.local_goals === null || bet.visiting_goals === null) continue;
    const split = splits.get(bet.match_id) ?? { home: 0, draw: 0, away: 0 };
    const sign = resultSign(bet.local_goals, bet.visiting_goals);
    if (sign === 1) split.home += 1; else if (sign === 0) split.draw += 1; else split.away += 1;
    splits.set(bet.match_id, split);
  }
  return splits;
}
