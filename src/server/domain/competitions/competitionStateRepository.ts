import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';

/** Match lifecycle values stored in matches.status. */
export const MATCH_STATUS = { SCHEDULED: 'scheduled', IN_PLAY: 'in_play', FINISHED: 'finished', POSTPONED: 'postponed' } as const;

/**
 * Scorer counts of a competition re-derived from its match goals (own goals count for nobody), set-based.
 * Assists are left alone: openfootball has none and other writers own them.
 */
export async function recountScorerGoals(db: Executor, competitionId: number): Promise<void> {
  await db.updateTable('person_stats').set({ goals: 0 }).where('competition_id', '=', competitionId).execute();
  await db.insertInto('person_stats')
    .columns(['competition_id', 'person_id', 'goals'])
    .expression(
      db.selectFrom('match_goals')
        .innerJoin('matches', 'matches.id', 'match_goals.match_id')
        .select(['matches.competition_id', 'match_goals.person_id', sql<number>`count(*)`.as('goals')])
        .where('matches.competition_id', '=', competitionId)
        .where('match_goals.own_goal', '=', 0)
        .groupBy(['matches.competition_id', 'match_goals.person_id']),
    )
    .onConflict((oc) => oc.columns(['competition_id', 'person_id']).doUpdateSet((eb) => ({ goals: eb.ref('excluded.goals') })))
    .execute();
}
