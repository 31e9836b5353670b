import { handleSignedIn, leagueWorld, memberIds, userName } from './leagueWorld';
import { ok } from './route';

export const personBetHandlers = [
  handleSignedIn('personBetsOfRule', ({ params }) => ok(memberIds(Number(params.league_id)).slice(0, 3).map((user_id, index) => ({
    id: 500 + index, league_id: Number(params.league_id), league_rule_id: Number(params.league_rule_id),
    person_id: leagueWorld.picksVisible ? 1 : null, person: leagueWorld.picksVisible ? { id: 1, name: 'Lamine Yamal' } : null,
    user_id, user_name: userName(user_id), mode: 0, allow_show_bets: leagueWorld.picksVisible, allow_edit_bets: !leagueWorld.picksVisible, points: null, bot: false,
  })))),
];
