import { handleSignedIn, leagueWorld, memberIds, userName } from './leagueWorld';
import { ok } from './route';

/** Every member's picks for a round: Spain for most, Argentina for the rest; hidden while editable. */
const picksOf = (leagueId: number, roundId: number) => memberIds(leagueId).slice(0, 5).map((user_id, index) => ({
  id: leagueId * 100 + roundId * 10 + index, league_id: leagueId, league_rule_id: roundId, round_id: roundId,
  team_id: leagueWorld.picksVisible ? (index < 3 ? 1 : 2) : null, user_id, user_name: userName(user_id), mode: 0,
  allow_show_bets: leagueWorld.picksVisible, allow_edit_bets: !leagueWorld.picksVisible, points: null, bot: false,
}));

export const roundBetHandlers = [
  handleSignedIn('roundBets', ({ params }) => ok(picksOf(Number(params.league_id), Number(params.round_id)))),
  handleSignedIn('teamsNextRoundByUser', () => ok(leagueWorld.picksVisible
    ? [{ team_id: 2, team_name: 'Argentina', users: 2 }, { team_id: 1, team_name: 'Spain', users: 3 }]
    : [])),
];
