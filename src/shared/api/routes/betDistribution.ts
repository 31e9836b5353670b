import Type from 'typebox';
import { route } from '../route';
import { Id, Nullable, Strict } from '../schemas';

const Count = Type.Integer({ minimum: 0 });

/** How a league's members bet on one match, once its bets are shown there. */
export const ResultBetDistribution = Type.Object({
  league_id: Id,
  match_id: Id,
  /** Members with a real bet on the match (both goals entered). */
  bets: Count,
  home: Count,
  draw: Count,
  away: Count,
  /** The most common scores, most bet first (at most 5; ties by fewer goals, home goals first). */
  scores: Type.Array(Type.Object({ local_goals: Count, visiting_goals: Count, count: Count })),
  /**
   * In a league scored by crowd quote or by the odds: what a right tendency earns for each outcome (before round
   * factor and joker; the odds' from the chances sealed at the deadline).
   */
  quote: Nullable(Type.Object({ home: Count, draw: Count, away: Count })),
});

/** How a league's members picked one pick rule (round picks or top scorer), once the picks are shown there. */
export const PickDistribution = Type.Object({
  league_id: Id,
  league_rule_id: Id,
  /** Members with at least one pick for the rule. */
  members: Count,
  /** The most picked (at most 5, most picked first; ties by name), with how many members picked each. */
  picks: Type.Array(Type.Object({ id: Id, name: Type.String(), count: Count })),
});

export const betDistributionRoutes = {
  resultBetDistribution: route({
    method: 'GET', path: '/result_bets/distribution/:league_id/:match_id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403, 404],
    summary: "How the league's members bet on a match (home, draw, away, the most common scores, the quote a right tendency earns): "
      + 'members and global admins, once the match\'s bets are shown in the league (403 before, revealing nothing)',
    params: Strict({ league_id: Id, match_id: Id }), response: ResultBetDistribution,
  }),
  pickDistribution: route({
    method: 'GET', path: '/pick_bets/distribution/:league_id/:league_rule_id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403, 404],
    summary: "How the league's members picked a round or top-scorer rule (the most picked teams or players): members and "
      + "global admins, once the rule's picks are shown (403 before, revealing nothing)",
    params: Strict({ league_id: Id, league_rule_id: Id }), response: PickDistribution,
  }),
} as const;
