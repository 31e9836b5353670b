import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { deadlineWithSql, scheduledDeadlineSql } from './scoringSql';

/**
 * Bets once shown stay shown. Deadlines follow kickoffs, so moving a kickoff later could reopen
 * bets everyone has already seen. Every write that moves kickoffs (an admin's match edit, an import or provider
 * re-sync) first calls this in its transaction, before the kickoffs change. Two statements per competition:
 *
 * - Result bets (each league sets its own deadlines): every match whose bets are shown in at least one league of the
 *   competition keeps in `shown_kickoff` / `shown_matchday_kickoff` the earliest kickoff and matchday first kickoff it
 *   has had while shown. A league's deadline is then counted from the earlier of those and the current kickoffs
 *   (resultBetDeadlineSql), so a move never makes any league's deadline later: shown bets stay shown everywhere.
 *   One pin per match rather than per (league, match) keeps this one statement whatever the number of leagues; the
 *   price is that a league whose deadline had not passed yet also keeps the earlier deadline when the match moves
 *   later (its bets close before the new kickoff, never after it).
 *   Whether a match is shown somewhere only depends on the largest minutes per lock_by among the leagues, so those
 *   two numbers are read once instead of testing every league.
 * - Picks: the match keeps in `bets_shown_at` the default 5-minute deadline it had (effectiveKickoffSql), as before.
 */
export async function keepShownBetsClosed(db: Executor, competitionId: number, now: number): Promise<void> {
  const shownBy = (lockBy: 'match' | 'matchday', minutes: string) =>
    sql`(${sql.ref(minutes)} IS NOT NULL AND ${deadlineWithSql(sql.lit(lockBy), sql.ref(minutes), 'matches')} <= ${now})`;
  const lockBy = sql`COALESCE(l.lock_by, CASE WHEN c.competition_type = 'league' THEN 'matchday' ELSE 'match' END)`;
  await sql`WITH w AS (SELECT MAX(CASE WHEN ${lockBy} = 'match' THEN l.bet_deadline_minutes END) AS by_match,
        MAX(CASE WHEN ${lockBy} = 'matchday' THEN l.bet_deadline_minutes END) AS by_matchday
      FROM leagues l JOIN competitions c ON c.id = l.competition_id WHERE l.competition_id = ${competitionId})
    UPDATE matches SET
      shown_kickoff = CASE WHEN shown_kickoff IS NOT NULL AND shown_kickoff < date THEN shown_kickoff ELSE date END,
      shown_matchday_kickoff = (SELECT CASE WHEN matches.shown_matchday_kickoff IS NOT NULL AND matches.shown_matchday_kickoff < MIN(md.date)
          THEN matches.shown_matchday_kickoff ELSE MIN(md.date) END
        FROM matches md WHERE md.competition_id = matches.competition_id AND md.matchday = matches.matchday)
    FROM w
    WHERE matches.competition_id = ${competitionId} AND (${shownBy('match', 'w.by_match')} OR ${shownBy('matchday', 'w.by_matchday')})`
    .execute(db);
  await sql`UPDATE matches SET bets_shown_at = ${scheduledDeadlineSql('matches', 'c')}
    FROM competitions c
    WHERE c.id = matches.competition_id AND matches.competition_id = ${competitionId}
      AND matches.bets_shown_at IS NULL AND ${scheduledDeadlineSql('matches', 'c')} <= ${now}`.execute(db);
}
