import Type, { type Static } from 'typebox';
import type { TieBreak } from '../domain/tieBreaks';
import { BET_DEADLINE_MINUTES_MAX } from '../domain/deadlines';
import { JOKER_MULTIPLIER_RANGE, JOKERS_MAX, QUOTE_MAX_RANGE, ROUND_FACTOR_MAX, SCORING_POINTS_MAX } from '../domain/scoring';
import type { LivePhase } from '../domain/liveMatch';
import { Id, Nullable, Timestamp } from './schemas';

/** Longest league description, in characters. */
export const LEAGUE_DESCRIPTION_MAX_LENGTH = 500;

/** Entity shapes shared by several areas of the route table. */

export const Competition = Type.Object({
  id: Id,
  name: Type.String(),
  finished: Type.Boolean(),
  competition_type: Type.Union([Type.Literal('cup'), Type.Literal('league')]),
  is_league: Type.Boolean(),
  provider: Type.String(),
});
export type Competition = Static<typeof Competition>;

export const Round = Type.Object({ id: Type.Integer(), name: Type.String(), kind: Type.String() });
export type Round = Static<typeof Round>;

export const Group = Type.Object({ id: Id, competition_id: Id, name: Type.String() });
export type Group = Static<typeof Group>;

export const GroupTeam = Type.Object({ group_id: Id, team_id: Id });
export type GroupTeam = Static<typeof GroupTeam>;

export const Team = Type.Object({
  id: Id,
  team_name: Type.String(),
  abbreviation: Type.String(),
  /** flag-icons code (ISO 3166-1 alpha-2, or gb-eng style) for national teams; null for clubs. */
  flag: Nullable(Type.String()),
  is_flag: Type.Boolean(),
  colors_array: Type.Array(Type.String()),
});
export type Team = Static<typeof Team>;

export const Person = Type.Object({ id: Id, name: Type.String(), team_id: Nullable(Id) });
export type Person = Static<typeof Person>;

export const Scorer = Type.Object({
  id: Id, name: Type.String(), team_id: Nullable(Id), goals: Type.Integer(), assists: Type.Integer(),
});
export type Scorer = Static<typeof Scorer>;

export const MatchStatus = Type.Union(['scheduled', 'in_play', 'finished', 'postponed', 'cancelled'].map((s) => Type.Literal(s)));

/**
 * Where a match in play stands: its phase, and the minute shown beside it (`added`: stoppage minutes, "45+2'").
 * `minute` is null when the phase has no running clock (half-time, penalties) or the provider does not say.
 */
const MatchLive = Type.Object({
  phase: Type.Union([
    Type.Literal('first_half'), Type.Literal('half_time'), Type.Literal('second_half'), Type.Literal('extra_time'), Type.Literal('penalties'),
  ]),
  minute: Nullable(Type.Integer({ minimum: 0 })),
  added: Nullable(Type.Integer({ minimum: 0 })),
});
export type MatchLive = Static<typeof MatchLive>;
const livePhasesMatch: [MatchLive['phase'], LivePhase] extends [LivePhase, MatchLive['phase']] ? true : never = true;
void livePhasesMatch;

export const Match = Type.Object({
  id: Id,
  competition_id: Id,
  group_id: Nullable(Id),
  round_id: Type.Integer(),
  matchday: Type.Integer(),
  local_team_id: Nullable(Id),
  visiting_team_id: Nullable(Id),
  /** Placeholder while a team is unknown ("W101", "1A"). */
  local_placeholder: Nullable(Type.String()),
  visiting_placeholder: Nullable(Type.String()),
  date: Timestamp,
  status: Type.String(),
  started: Type.Boolean(),
  finished: Type.Boolean(),
  /** Score after 90 minutes. */
  local_goals: Nullable(Type.Integer()),
  visiting_goals: Nullable(Type.Integer()),
  /** Goals scored in extra time only. */
  local_goals_extra_time: Nullable(Type.Integer()),
  visiting_goals_extra_time: Nullable(Type.Integer()),
  local_penalties: Nullable(Type.Integer()),
  visiting_penalties: Nullable(Type.Integer()),
  /** Present while the match is in play and its provider says where it stands; the score above is then provisional. */
  live: Type.Optional(MatchLive),
});
export type Match = Static<typeof Match>;

export const LeagueRule = Type.Object({
  id: Id,
  competition_id: Id,
  round_id: Type.Integer(),
  picks: Type.Integer(),
  points_per_hit: Type.Integer(),
});
export type LeagueRule = Static<typeof LeagueRule>;

const BetsSystem = Type.Union([Type.Literal('disabled'), Type.Literal('sign'), Type.Literal('exact')]);
const PointsSystem = Type.Union([Type.Literal('winner'), Type.Literal('winner_and_goals')]);
const KnockoutBasis = Type.Union([Type.Literal('regular'), Type.Literal('extra_time'), Type.Literal('penalties')]);
const HitPoints = Type.Integer({ minimum: 0, maximum: SCORING_POINTS_MAX });
/** Points per hit and how they combine (shared/domain/scoring.ts). */
const scoringFields = {
  mode: Type.Union([Type.Literal('additive'), Type.Literal('highest'), Type.Literal('quote'), Type.Literal('odds')]),
  tendency: HitPoints, goal_difference: HitPoints, exact: HitPoints, local_goals: HitPoints, visiting_goals: HitPoints,
};
/** `quote` and `odds` modes: the most a right tendency earns (never below tendency). */
const QuoteMax = Type.Integer({ minimum: QUOTE_MAX_RANGE.min, maximum: QUOTE_MAX_RANGE.max });
export const Scoring = Type.Object({ ...scoringFields, quote_max: QuoteMax }, { additionalProperties: false });
/** Scoring as a client sends it: quote_max may be left out (the quote preset's ceiling then), as clients did before it existed. */
const ScoringInput = Type.Object({ ...scoringFields, quote_max: Type.Optional(QuoteMax) }, { additionalProperties: false });
/** The result-bet points of a round's matches are multiplied by factor. */
const RoundMultiplier = Type.Object({
  round_id: Type.Integer({ minimum: 1, maximum: 100 }), factor: Type.Integer({ minimum: 1, maximum: ROUND_FACTOR_MAX }),
}, { additionalProperties: false });
const Jokers = Type.Object({
  count: Type.Integer({ minimum: 0, maximum: JOKERS_MAX }),
  multiplier: Type.Integer({ minimum: JOKER_MULTIPLIER_RANGE.min, maximum: JOKER_MULTIPLIER_RANGE.max }),
}, { additionalProperties: false });
/** Whether members may bet with a personal API token: `marked` (the default) shows such bets with a robot mark. */
const BotsPolicy = Type.Union([Type.Literal('allowed'), Type.Literal('marked'), Type.Literal('forbidden')]);
const LockBy = Type.Union([Type.Literal('match'), Type.Literal('matchday')]);
/** A tie-break of the league table (shared/domain/tieBreaks.ts). */
export const TieBreakKey = Type.Union([
  Type.Literal('exact_hits'), Type.Literal('matchday_wins'), Type.Literal('goal_difference_hits'), Type.Literal('tendency_hits'),
  Type.Literal('bonus_points'),
]);
// The schema and the domain list must name the same keys.
const tieBreakKeysMatch: [Static<typeof TieBreakKey>, TieBreak] extends [TieBreak, Static<typeof TieBreakKey>] ? true : never = true;
void tieBreakKeysMatch;

/** League settings, as sent by the client on create/update. */
export const LeagueSettings = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** A few lines from the owner about the league, plain text (null or empty: none). */
  description: Nullable(Type.String({ maxLength: LEAGUE_DESCRIPTION_MAX_LENGTH })),
  competition_id: Id,
  selected_team_ids: Type.Array(Id, { maxItems: 500 }),
  bets_system: BetsSystem,
  points_system: PointsSystem,
  playoff_results_points: Type.Boolean(),
  round_bets_enabled: Type.Boolean(),
  person_bets_enabled: Type.Boolean(),
  allow_invite: Type.Boolean(),
  allow_join: Type.Boolean(),
  editable_after_start: Type.Boolean(),
  /** The owner may still enter a member's bet late once its match has a result (off by default). */
  late_entry_after_result: Type.Boolean(),
  /** A head-to-head competition among the members: a round-robin duel each matchday (off by default). */
  head_to_head: Type.Boolean(),
  /** Bets placed with a personal API token: allowed, marked with a robot once shown (default), or forbidden (403). */
  bots: BotsPolicy,
  start_matchday: Type.Integer({ minimum: 1, maximum: 100 }),
  knockout_basis: KnockoutBasis,
  /** Ordered tie-breaks of the table (empty: equal points share a position). */
  tie_breaks: Type.Array(TieBreakKey, { maxItems: 5 }),
  /** Replaces points_system (which, when sent, stands for its preset). */
  scoring: ScoringInput,
  round_multipliers: Type.Array(RoundMultiplier, { maxItems: 20 }),
  jokers: Jokers,
  bet_deadline_minutes: Type.Integer({ minimum: 0, maximum: BET_DEADLINE_MINUTES_MAX }),
  lock_by: LockBy,
});
export type LeagueSettings = Static<typeof LeagueSettings>;

export const League = Type.Object({
  ...LeagueSettings.properties,
  scoring: Scoring,
  id: Id,
  competition: Type.Object({ id: Id, name: Type.String(), finished: Type.Boolean(), is_league: Type.Boolean() }),
  owner_id: Id,
  owner_name: Type.String(),
  members_count: Type.Integer(),
  /** The caller's membership and department (null when not a member). */
  is_member: Type.Boolean(),
  department: Nullable(Type.String()),
  /** Token of the share link `/leagues/join/{id}/{share_token}`; only members see it. */
  share_token: Nullable(Type.String()),
  /** Jokers the caller may still play in this league (null when not a member). */
  jokers_left: Nullable(Type.Integer()),
  /** Settings can still be changed (before the first kickoff, or editable_after_start). */
  editable: Type.Boolean(),
  finished: Type.Boolean(),
  created_at: Timestamp,
});
export type League = Static<typeof League>;
