import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { scheduledDeadlineSql } from './scoringSql';

/**
 * Bets once shown stay shown (issue 11 §6). Deadlines follow kickoffs, so moving a kickoff later could reopen
 * bets everyone has already seen. Every write that moves kickoffs (an admin's match edit, an import or provider
 * re-sync) first calls this in its transaction: each match of the competition whose deadline has passed keeps
 * that deadline in `matches.bets_shown_at`, which then is its deadline for good (resultBetDeadlineSql), and
 * anchors the pick deadlines that depend on its kickoff (effectiveKickoffSql). One statement per competition.
 */
export async function keepShownBetsClosed(db: Executor, competitionId: number, now: number): Promise<void> {
  await sql`UPDATE matches SET bets_shown_at = ${scheduledDeadlineSql('matches', 'c')}
    FROM competitions c
    WHERE c.id = matches.competition_id AND matches.competition_id = ${competitionId}
      AND matches.bets_shown_at IS NULL AND ${scheduledDeadlineSql('matches', 'c')} <= ${now}`.execute(db);
}
