import { skipToken } from '@reduxjs/toolkit/query/react';
import type { League } from '../../../shared/api/entities';
import { api } from '../../api/api';
import { currentLocale } from '../../lib/i18n/i18n';
import { chartsVisible, nextRoundShares, pieCounts } from './chartRules';

const matchInfo = api.endpoints.matchInfo;
const nextRound = api.endpoints.competitionNextRound;
const winnerRound = api.endpoints.competitionWinnerRound;
const roundBets = api.endpoints.roundBets;
const teamsByUser = api.endpoints.teamsNextRoundByUser;
const leagueRules = api.endpoints.leagueLeagueRules;
const personBets = api.endpoints.personBetsOfRule;

/** Round id of the Top scorer rule. */
const TOP_SCORER_ROUND = 10;

/** A failed matchday read falls back to matchday 1. */
export function useCurrentMatchday(competitionId: number): number {
  const { data, isError } = matchInfo.useQuery({ params: { id: competitionId } });
  if (isError || !data) return 1;
  return data.nextMatchday ?? data.lastPlayedMatchday ?? 1;
}

/** What the summary's charts need: read only when the league plays picks. */
export function useLeagueCharts(league: League) {
  const competitionId = league.competition.id;
  const rounds = league.round_bets_enabled;
  const next = nextRound.useQuery(rounds ? { params: { id: competitionId } } : skipToken);
  const winner = winnerRound.useQuery(rounds ? { params: { id: competitionId } } : skipToken);
  const nextId = next.data?.id;
  const winnerId = winner.data?.id;
  const nextPicks = roundBets.useQuery(nextId ? { params: { league_id: league.id, round_id: nextId } } : skipToken);
  const counts = teamsByUser.useQuery(nextId ? { params: { league_id: league.id, round_id: nextId } } : skipToken);
  const winnerPicks = roundBets.useQuery(winnerId ? { params: { league_id: league.id, round_id: winnerId } } : skipToken);
  const rules = leagueRules.useQuery(league.person_bets_enabled ? { params: { id: league.id } } : skipToken);
  const scorerRule = rules.data?.find((rule) => rule.round_id === TOP_SCORER_ROUND);
  const scorerPicks = personBets.useQuery(scorerRule ? { params: { league_id: league.id, league_rule_id: scorerRule.id } } : skipToken);

  // A failed read counts as no picks: the charts stay hidden.
  const picksNext = nextPicks.data ?? [];
  const picksWinner = winnerPicks.data ?? [];
  const picksScorer = scorerPicks.data ?? [];
  const teamNames = new Map<number, string>((counts.data ?? []).map((row) => [row.team_id, row.team_name]));
  return {
    visible: chartsVisible([...picksNext, ...picksWinner, ...picksScorer]),
    nextRound: next.data ? { id: next.data.id, name: next.data.name } : null,
    shares: nextRoundShares(counts.data ?? [], league.members_count, currentLocale()),
    winnerTeamIds: picksWinner.filter((pick) => pick.allow_show_bets).map((pick) => pick.team_id),
    teamNames,
    scorers: pieCounts(picksScorer.filter((pick) => pick.allow_show_bets).map((pick) => pick.person?.name)),
  };
}
