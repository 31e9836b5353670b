import type { LiveStandingsEvent } from '../../../shared/api/routes/live';
import { resultBetPoints, type ScoredMatch } from '../../../shared/domain/scoring';
import { crowdSplitsByMatch } from '../../../shared/domain/crowdSplits';
import type { AppDeps } from '../../platform/deps';
import { loadLeagueScoring } from '../../domain/scoring/leagueScoring';
import { scoringOdds } from '../../domain/fairOdds/leagueOdds';
import type { MemberStanding } from '../../domain/standings/tableRanking';
import { rankLeagueTable, storedStandings } from '../../domain/standings/leagueTable';
import { betsOnMatches, matchesInPlay, matchesPlayedInLeagues } from './liveEventsRepository';
import type { LeagueAccessRow } from '../../domain/leagues/leagueRows';
import type { Locale } from '../../../shared/domain/locales';

/**
 * The league's table for the live stream: the stored one, or while matches of the league are in play with a
 * score, a provisional one that adds what each bet would score if those matches ended now. Built
 * by the tables module's own builder (same ranking, tie-breaks, departments), the in-play points added first.
 */
export async function liveStandings(deps: AppDeps, league: LeagueAccessRow, locale: Locale): Promise<LiveStandingsEvent> {
  const leagueId = league.id;
  const inPlay = await matchesInPlay(deps.db, league.competition_id);
  const played = (await matchesPlayedInLeagues(deps.db, [leagueId], inPlay.map((m) => m.id))).get(leagueId) ?? new Set<number>();
  const live = inPlay.filter((m) => played.has(m.id));
  const viewer = { id: 0, locale };
  const build = async (matchday: number | undefined, adjust?: (members: MemberStanding[]) => MemberStanding[]) =>
    rankLeagueTable(deps, viewer, league, matchday, await storedStandings(deps, league), adjust);
  if (live.length === 0) return { league_id: leagueId, provisional: false, live_match_ids: [], table: await build(undefined) };

  const bets = await betsOnMatches(deps.db, leagueId, live.map((m) => m.id));
  const { rules, weights } = await loadLeagueScoring(deps.db, leagueId);
  const liveResults = new Map(live.map((m): [number, ScoredMatch & { matchday: number }] => [m.id, {
    ...m, finished: 1, local_goals_extra_time: null, visiting_goals_extra_time: null,
  }]));
  // Crowd quote: the league's real bets on each match in play; odds: the chances sealed at their deadlines.
  const crowds = crowdSplitsByMatch(bets);
  const odds = await scoringOdds(deps.db, leagueId, rules, live.map((m) => m.id), deps.clock.now());
  const extra = new Map<number, Record<string, number>>();
  for (const bet of bets) {
    const match = liveResults.get(bet.match_id)!;
    const points = resultBetPoints(rules, bet, match, weights, crowds.get(bet.match_id), odds.get(bet.match_id));
    if (!points) continue;
    const days = extra.get(bet.user_id) ?? {};
    days[match.matchday] = (days[match.matchday] ?? 0) + points;
    extra.set(bet.user_id, days);
  }
  const addLivePoints = (members: MemberStanding[]) => members.map((member) => {
    const days = extra.get(member.user_id);
    if (!days) return member;
    const byMatchday = { ...member.points_by_matchday };
    let added = 0;
    for (const [day, points] of Object.entries(days)) { byMatchday[day] = (byMatchday[day] ?? 0) + points; added += points; }
    return { ...member, points_by_matchday: byMatchday, points_league: member.points_league + added, points: member.points + added };
  });
  // The matchday shown is the one being played, so points_matchday moves with the goals.
  const matchday = Math.max(...live.map((m) => m.matchday));
  return {
    league_id: leagueId, provisional: true, live_match_ids: live.map((m) => m.id).sort((a, b) => a - b),
    table: await build(matchday, addLivePoints),
  };
}
