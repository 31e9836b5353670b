import Type, { type Static } from 'typebox';

/**
 * The parts of football-data.org API v4 responses Porra reads. Checked on arrival: a response that does not
 * match is "malformed" and changes nothing. Extra fields are ignored.
 */
const Num = Type.Number();
const NullableNum = Type.Union([Type.Number(), Type.Null()]);
const NullableStr = Type.Union([Type.String(), Type.Null()]);
const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);

const Area = Type.Object({ id: Opt(Num), name: Opt(NullableStr), code: Opt(NullableStr), flag: Opt(NullableStr) });

export const ApiTeamRef = Type.Object({
  id: NullableNum, name: NullableStr, shortName: Opt(NullableStr), tla: Opt(NullableStr), crest: Opt(NullableStr),
});
export type ApiTeamRef = Static<typeof ApiTeamRef>;

const ScorePair = Type.Object({ home: NullableNum, away: NullableNum });
export const ApiScore = Type.Object({
  winner: Opt(NullableStr),
  duration: Opt(NullableStr),
  fullTime: Opt(ScorePair),
  halfTime: Opt(ScorePair),
  regularTime: Opt(ScorePair),
  extraTime: Opt(ScorePair),
  penalties: Opt(ScorePair),
});
export type ApiScore = Static<typeof ApiScore>;

export const ApiMatch = Type.Object({
  id: Num,
  utcDate: Type.String(),
  status: Type.String(),
  matchday: Opt(NullableNum),
  stage: Type.String(),
  group: Opt(NullableStr),
  homeTeam: ApiTeamRef,
  awayTeam: ApiTeamRef,
  score: ApiScore,
  /** Only in some plans, while the match is in play: the minute (a number, or text such as "45+2") and stoppage. */
  minute: Opt(Type.Union([Type.Number(), Type.String(), Type.Null()])),
  injuryTime: Opt(NullableNum),
});
export type ApiMatch = Static<typeof ApiMatch>;

export const ApiCompetition = Type.Object({
  id: Num,
  name: Type.String(),
  code: Opt(NullableStr),
  type: Opt(NullableStr),
  area: Opt(Area),
  currentSeason: Opt(Type.Union([Type.Null(), Type.Object({ id: Opt(Num), startDate: Opt(NullableStr), endDate: Opt(NullableStr) })])),
});
export type ApiCompetition = Static<typeof ApiCompetition>;

const SquadMember = Type.Object({ id: Num, name: Type.String() });
export const ApiTeam = Type.Object({
  id: Num,
  name: Type.String(),
  shortName: Opt(NullableStr),
  tla: Opt(NullableStr),
  crest: Opt(NullableStr),
  clubColors: Opt(NullableStr),
  area: Opt(Area),
  squad: Opt(Type.Array(SquadMember)),
});
export type ApiTeam = Static<typeof ApiTeam>;

export const ApiScorer = Type.Object({
  player: Type.Object({ id: Num, name: Type.String() }),
  team: Opt(Type.Union([Type.Null(), Type.Object({ id: NullableNum })])),
  goals: NullableNum,
  assists: Opt(NullableNum),
});
export type ApiScorer = Static<typeof ApiScorer>;

export const MatchesResponse = Type.Object({ matches: Type.Array(ApiMatch) });
export const TeamsResponse = Type.Object({ teams: Type.Array(ApiTeam) });
export const ScorersResponse = Type.Object({ scorers: Type.Array(ApiScorer) });
