import type { ImportedScore } from './importedCompetition';

/**
 * A goal of a held result. `side` (1 local, 2 visitors: the team it counts for) and `offset` (stoppage minutes)
 * let a replay show it at its minute; results held before they were kept show their goals at the final whistle.
 */
export interface HeldGoal { person_id: number; minute: number | null; own_goal: 0 | 1; penalty: 0 | 1; offset?: number; side?: 1 | 2 }
/** Teams of a replayed knockout match stay hidden until every match before its round is revealed. */
export interface HeldTeams { local_team_id: number | null; visiting_team_id: number | null }
export interface HeldResult { score: ImportedScore; goals: HeldGoal[]; teams?: HeldTeams }

/** A result known in advance (replayed import, demo), kept out of sight and played out from kickoff (replayTimeline.ts). */

export const serializeHeldResult = (held: HeldResult): string => JSON.stringify(held);

export function parseHeldResult(text: string): HeldResult {
  const held = JSON.parse(text) as HeldResult;
  return { score: held.score, goals: Array.isArray(held.goals) ? held.goals : [], ...(held.teams && { teams: held.teams }) };
}

/** The row of match_goals a held goal becomes once its match is finished. */
export const goalRowOf = (goal: HeldGoal, matchId: number) =>
  ({ match_id: matchId, person_id: goal.person_id, minute: goal.minute, own_goal: goal.own_goal, penalty: goal.penalty });
