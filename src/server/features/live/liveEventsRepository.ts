import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { sessionHash } from '../../platform/sessions/sessionsRepository';
import { playedInLeague, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/** All SQL of the live streams: the event log, and the reads that turn an event into each league's messages. */

/**
 * Which of these matches each league plays (league id -> match ids). With `betsShown`, only those whose bet window
 * in that league closed within it (deadline in [from, to]): a bet window closes per league (bet_deadline_minutes,
 * lock_by), so a closing told for one league's deadline must not reach a league whose bets are still hidden.
 */
export async function matchesPlayedInLeagues(
  db: Executor, leagueIds: number[], matchIds: number[], betsShown?: { from: number; to: number },
): Promise<Map<number, Set<number>>> {
  const played = new Map<number, Set<number>>();
  if (leagueIds.length === 0 || matchIds.length === 0) return played;
  const deadline = resultBetDeadlineSql('l', 'm');
  const rows = await db.selectFrom('leagues as l')
    .innerJoin('matches as m', (join) => join.onRef('m.competition_id', '=', 'l.competition_id'))
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select(['l.id as league_id', 'm.id as match_id'])
    .where('l.id', 'in', leagueIds).where('m.id', 'in', matchIds)
    .where(sql<boolean>`${playedInLeague('l', 'm', 'c')}`)
    .$if(betsShown !== undefined, (qb) => qb.where(sql<boolean>`${deadline} >= ${betsShown!.from} AND ${deadline} <= ${betsShown!.to}`))
    .execute();
  for (const row of rows) played.set(row.league_id, (played.get(row.league_id) ?? new Set()).add(row.match_id));
  return played;
}

/** The league's matches in play (started, not finished), in kickoff order: what a stream opening shows at once. */
export async function leagueMatchesInPlay(db: Executor, leagueId: number): Promise<number[]> {
  const rows = await db.selectFrom('leagues as l')
    .innerJoin('matches as m', 'm.competition_id', 'l.competition_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select('m.id').where('l.id', '=', leagueId).where('m.started', '=', 1).where('m.finished', '=', 0)
    .where(sql<boolean>`${playedInLeague('l', 'm', 'c')}`)
    .orderBy('m.date').orderBy('m.id').execute();
  return rows.map((row) => row.id);
}

/**
 * Whether a match of the league is in play with a score while its bet window there is still open at `now` (an
 * admin's early status, a kickoff the provider has not moved yet): others' bets on it are hidden, so a provisional
 * table, whose points show how close each bet is, must not be built.
 */
export async function inPlayWithBetsHidden(db: Executor, leagueId: number, now: number): Promise<boolean> {
  const row = await db.selectFrom('leagues as l')
    .innerJoin('matches as m', 'm.competition_id', 'l.competition_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select('m.id').where('l.id', '=', leagueId).where('m.started', '=', 1).where('m.finished', '=', 0)
    .where('m.local_goals', 'is not', null).where('m.visiting_goals', 'is not', null)
    .where(sql<boolean>`${playedInLeague('l', 'm', 'c')} AND ${resultBetDeadlineSql('l', 'm')} > ${now}`)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Of these sessions, the ones still signed in at `now` (not signed out, expired, nor of a disabled account), with
 * whether their user is a global admin now: a stream outlives the request that opened it.
 */
export async function liveSessions(db: Executor, sessionIds: string[], now: number): Promise<Map<string, boolean>> {
  const valid = new Map<string, boolean>();
  const idOfHash = new Map(sessionIds.map((id) => [sessionHash(id), id]));
  const hashes = [...idOfHash.keys()];
  // Chunked: one statement's parameters are bounded (SQLite, PostgreSQL).
  for (let start = 0; start < hashes.length; start += 500) {
    const rows = await db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'users.is_admin'])
      .where('sessions.id', 'in', hashes.slice(start, start + 500))
      .where('sessions.expires_at', '>', now).where('users.disabled_at', 'is', null)
      .execute();
    for (const row of rows) valid.set(idOfHash.get(row.id)!, row.is_admin === 1);
  }
  return valid;
}

/** Matches of the competition in play with a score: what a provisional table scores. */
export async function matchesInPlay(db: Executor, competitionId: number) {
  return db.selectFrom('matches')
    .select(['id', 'round_id', 'matchday', 'local_goals', 'visiting_goals', 'local_team_id', 'visiting_team_id'])
    .where('competition_id', '=', competitionId).where('started', '=', 1).where('finished', '=', 0)
    .where('local_goals', 'is not', null).where('visiting_goals', 'is not', null)
    .execute();
}

/** The league's filled real bets on these matches. */
export async function betsOnMatches(db: Executor, leagueId: number, matchIds: number[]) {
  if (matchIds.length === 0) return [];
  return db.selectFrom('result_bets').select(['user_id', 'match_id', 'local_goals', 'visiting_goals', 'joker'])
    .where('league_id', '=', leagueId).where('match_id', 'in', matchIds).where('mode', '=', 0)
    .where('local_goals', 'is not', null).where('visiting_goals', 'is not', null)
    .execute();
}

/** Matches of the competition whose result-bet deadline falls in (after, upTo]. */
export async function deadlinesBetween(db: Executor, competitionId: number, after: number, upTo: number) {
  // Deadlines are per league (bet_deadline_minutes, lock_by): each distinct one of the competition's leagues.
  const deadline = resultBetDeadlineSql('l', 'm');
  return db.selectFrom('matches as m').innerJoin('leagues as l', 'l.competition_id', 'm.competition_id')
    .select(['m.id', deadline.as('deadline')]).distinct()
    .where('m.competition_id', '=', competitionId)
    .where(sql<boolean>`${deadline} > ${after} AND ${deadline} <= ${upTo}`)
    .execute();
}

/** Which of these users are still members of the league. */
export async function stillMembers(db: Executor, leagueId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('league_members').select('user_id')
    .where('league_id', '=', leagueId).where('user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}
