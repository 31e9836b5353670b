import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams } from '../schemas';

/** A member in the race for first place. */
export const TitleRaceMember = Type.Object({
  user_id: Id,
  user_name: Type.String(),
  /** Points now, as the league table shows them. */
  points: Type.Number(),
  /** The most still possible: closed bets exact, open and future bets at the most a bet earns, open picks and questions at their value. */
  max_points: Type.Number(),
  /** max_points reaches the leader's points now. */
  can_win: Type.Boolean(),
  /** Points now exceed every other member's max_points. */
  clinched: Type.Boolean(),
  /** Share of the simulated finishes this member ends first (a shared first place split evenly), 0 to 1. */
  chance: Type.Number({ minimum: 0, maximum: 1 }),
});

export const TitleRace = Type.Object({
  /** By points now, then max_points, then user_id. */
  members: Type.Array(TitleRaceMember),
  /**
   * False while the chances of the latest data are being simulated: the chances shown are the previous ones, held to
   * the bounds now (0 for members out of the race, 1 for a champion, the rest scaled to sum to 1).
   */
  chance_current: Type.Boolean(),
  /** How many finishes were simulated. */
  simulations: Type.Integer(),
  /** Unfinished matches still counting in the league. */
  matches_left: Type.Integer(),
  /**
   * How the remaining matches are drawn: `rated_matches` of them from the rating model's chances (their teams known);
   * the others from the competition's mean goals per match at home and away, fitted to `finished_matches` results.
   * On the `open_matches` still before their deadline no bet is shown: every member's bet there is modeled, drawn
   * from the same model as the result.
   */
  model: Type.Object({
    home_goals: Type.Number(), away_goals: Type.Number(), finished_matches: Type.Integer(), rated_matches: Type.Integer(),
    open_matches: Type.Integer({ minimum: 0 }),
  }),
});

export const titleRaceRoutes = {
  titleRace: route({
    method: 'GET', path: '/leagues/title_race/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: 'Who can still win a league: points now, the most still possible, whether they can win or have clinched it, and their chance from simulated finishes',
    params: IdParams,
    response: TitleRace,
  }),
} as const;
