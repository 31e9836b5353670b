import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Nullable, Strict, Timestamp } from '../schemas';

/** A chance in permyriad (whole parts of 10,000). */
const Permyriad = Type.Integer({ minimum: 0, maximum: 10_000 });
const Chances = Type.Object({ home: Permyriad, draw: Permyriad, away: Permyriad });

/** The rating model's chances of one match in a league (shared/domain/fairOdds, docs/fair-odds.md). */
export const MatchFairOdds = Type.Object({
  match_id: Id,
  /** The 90 minutes: home win, draw, away win, in permyriad summing to 10,000. */
  home: Permyriad,
  draw: Permyriad,
  away: Permyriad,
  /** Knockout matches: after extra time (a shoot-out leaves it level). Null otherwise. */
  extra_time: Nullable(Chances),
  /** Knockout matches: each side's chance to go through, extra time and penalties included. Null otherwise. */
  through: Nullable(Type.Object({ home: Permyriad, away: Permyriad })),
  /** True once the match's deadline in the league has passed: the chances are then those at the deadline, fixed. */
  sealed: Type.Boolean(),
  /** The match's deadline in the league. */
  deadline: Timestamp,
  /** The ratings the chances were read from (World Football Elo points). */
  ratings: Type.Object({ local: Type.Number(), visiting: Type.Number() }),
});

export const FairOdds = Type.Object({
  /** The date of the shipped ratings' last international result; results Porra recorded after it moved them since. */
  ratings_as_of: Type.String(),
  /** The league's matches with both teams known, by match id. */
  matches: Type.Array(MatchFairOdds),
});

export const fairOddsRoutes = {
  fairOddsIndex: route({
    method: 'GET', path: '/fair_odds/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403, 404],
    summary: "The rating model's chances of a league's matches (home, draw, away; knockout: after extra time and to go through), "
      + "fixed at each match's deadline in the league: members and global admins; one matchday or one match",
    params: IdParams,
    query: Strict({ matchday: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), match_id: Type.Optional(Id) }),
    response: FairOdds,
  }),
} as const;
