import type { ImportedScore } from './importedCompetition';

/** A result known in advance (replayed import, demo) kept out of sight until kickoff + 2 h. */
export interface HeldGoal { person_id: number; minute: number | null; own_goal: 0 | 1; penalty: 0 | 1 }
/** Teams of a replayed knockout match stay hidden until every match before its round is revealed. */
export interface HeldTeams { local_team_id: number | null; visiting_team_id: number | null }
export interface HeldResult { score: ImportedScore; goals: HeldGoal[]; teams?: HeldTeams }

/** How long after kickoff a held result is revealed. */
export const REVEAL_AFTER_MS = 2 * 3_600_000;

export const serializeHeldResult = (held: HeldResult): string => JSON.stringify(held);

export function parseHeldResult(text: string): HeldResult {
  const held = JSON.parse(text) as HeldResult;
  return { score: held.score, goals: Array.isArray(held.goals) ? held.goals : [], ...(held.teams && { teams: held.teams }) };
}
