import { SCORING_PRESETS, type Scoring } from '../../../../shared/domain/scoring';
import type { Executor } from '../../../platform/db/database';
import { createCup, type CupFixture } from '../../../testing/competitionFixture';
import { createLeague } from '../../../features/resultBets/testing/betsTestFixture';

/** National teams the shipped ratings know, for the cup's eight teams (group A then group B). */
const NATIONS = ['Spain', 'Costa Rica', 'Germany', 'Japan', 'Argentina', 'Saudi Arabia', 'Mexico', 'Poland'];

/**
 * Test kit: the small fixture cup with national teams (named so the ratings know them), and an odds league of
 * `members` on it whose bets close `deadlineMinutes` before each kickoff.
 */
export async function oddsWorld(db: Executor, args: {
  start: number; ownerId: number; members: number[]; scoring?: Scoring; deadlineMinutes?: number;
  knockout_basis?: 'regular' | 'extra_time' | 'penalties'; name?: string;
}): Promise<{ cup: CupFixture; leagueId: number }> {
  const cup = await createCup(db, { start: args.start, name: args.name ?? 'Test World Cup' });
  for (const [i, id] of cup.teamIds.entries()) await db.updateTable('teams').set({ team_name: NATIONS[i] }).where('id', '=', id).execute();
  const leagueId = await createLeague(db, {
    competitionId: cup.competitionId, ownerId: args.ownerId, members: args.members.map((id) => ({ id })),
    scoring: args.scoring ?? SCORING_PRESETS.odds, bet_deadline_minutes: args.deadlineMinutes ?? 5, knockout_basis: args.knockout_basis,
  });
  return { cup, leagueId };
}
