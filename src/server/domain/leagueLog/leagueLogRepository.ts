import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../scoring/scoringSql';

/** SQL of the league_log table (hash chain per league). Rows are only ever inserted. */

/**
 * PostgreSQL: appends to the same league's log run one after the other until their transactions end, so each reads
 * the tail the previous one wrote and the chain never forks (the unique (league_id, seq) would otherwise refuse the
 * second as a 500). The lock is the league's row (FOR NO KEY UPDATE: foreign-key checks of inserts referencing the
 * league are not blocked), not an advisory lock, whose keys every schema of a database shares. Leagues in ascending
 * order, so two batches never deadlock; and every writer appends last in its transaction, so a holder of this lock
 * never waits for another lock (standings, matches) held by a writer queued here. SQLite runs one transaction at a
 * time.
 */
export async function lockLeagueLogs(db: Executor, leagueIds: number[]): Promise<void> {
  if (leagueIds.length === 0 || !(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const ids = [...new Set(leagueIds)].sort((a, b) => a - b);
  await sql`SELECT id FROM leagues WHERE id IN (${sql.join(ids)}) ORDER BY id FOR NO KEY UPDATE`.execute(db);
}

/** The last entry (seq, hash) of each league that has one. */
export async function logTails(db: Executor, leagueIds: number[]): Promise<Map<number, { seq: number; hash: string; scheme: number }>> {
  if (leagueIds.length === 0) return new Map();
  const rows = await db.selectFrom('league_log as g').select(['g.league_id', 'g.seq', 'g.hash', 'g.scheme'])
    .where('g.league_id', 'in', leagueIds)
    .where('g.seq', '=', (eb) => eb.selectFrom('league_log as t').select((e) => e.fn.max('t.seq').as('m')).whereRef('t.league_id', '=', 'g.league_id'))
    .execute();
  return new Map(rows.map((r) => [Number(r.league_id), { seq: Number(r.seq), hash: r.hash, scheme: Number(r.scheme) }]));
}

/** Leagues whose newest entry is unkeyed (written before the log was keyed). */
export async function leaguesWithUnkeyedTail(db: Executor): Promise<number[]> {
  const rows = await db.selectFrom('league_log as g').select('g.league_id').where('g.scheme', '=', 1)
    .where('g.seq', '=', (eb) => eb.selectFrom('league_log as t').select((e) => e.fn.max('t.seq').as('m')).whereRef('t.league_id', '=', 'g.league_id'))
    .orderBy('g.league_id').execute();
  return rows.map((r) => Number(r.league_id));
}

export interface LogRow {
  league_id: number; seq: number; actor_id: number | null; action: string; details: string; created_at: number; prev_hash: string; hash: string;
  scheme: number;
}

export async function insertLogRows(db: Executor, rows: LogRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('league_log').values(rows.slice(i, i + 500)).execute();
}

/** A league's entries, oldest first, with the actor's current name. */
export async function listLeagueLog(db: Executor, leagueId: number, limit: number) {
  return db.selectFrom('league_log as g').leftJoin('users as u', 'u.id', 'g.actor_id')
    .select(['g.seq', 'g.actor_id', 'u.name as actor_name', 'g.action', 'g.details', 'g.created_at', 'g.prev_hash', 'g.hash', 'g.scheme'])
    .where('g.league_id', '=', leagueId).orderBy('g.seq', 'desc').limit(limit).execute();
}

/** A league's whole log, oldest first (the owner's archive: one league, bounded by its history). */
export async function fullLeagueLog(db: Executor, leagueId: number): Promise<Omit<LogRow, 'league_id'>[]> {
  return db.selectFrom('league_log')
    .select(['seq', 'actor_id', 'action', 'details', 'created_at', 'prev_hash', 'hash', 'scheme'])
    .where('league_id', '=', leagueId).orderBy('seq').execute();
}

/** Every entry of every league in chain order, a page at a time (verify-log): the live log or deleted leagues' archive. */
export async function logPage(
  db: Executor, table: 'league_log' | 'league_log_archive', after: { leagueId: number; seq: number }, size: number,
): Promise<LogRow[]> {
  return db.selectFrom(table)
    .select(['league_id', 'seq', 'actor_id', 'action', 'details', 'created_at', 'prev_hash', 'hash', 'scheme'])
    .where((eb) => eb.or([eb('league_id', '>', after.leagueId), eb.and([eb('league_id', '=', after.leagueId), eb('seq', '>', after.seq)])]))
    .orderBy('league_id').orderBy('seq').limit(size).execute();
}

/** Leagues of the competition in which the match takes result bets (those whose points an edit of it moves). */
export async function leaguesPlayingMatch(db: Executor, matchId: number): Promise<number[]> {
  const rows = await db.selectFrom('matches as m').innerJoin('competitions as c', 'c.id', 'm.competition_id')
    .innerJoin('leagues as l', 'l.competition_id', 'm.competition_id')
    .select('l.id').where('m.id', '=', matchId).where(sql<boolean>`${playedInLeague('l', 'm', 'c')}`).orderBy('l.id').execute();
  return rows.map((r) => Number(r.id));
}

/** Deadlines of these matches as bets see them (for hiding bet contents until they are shown). */
export async function matchDeadlines(db: Executor, leagueId: number, matchIds: number[]): Promise<Map<number, number>> {
  if (matchIds.length === 0) return new Map();
  // Deadlines are per league (bet_deadline_minutes, lock_by).
  const rows = await db.selectFrom('matches as m').innerJoin('leagues as l', 'l.competition_id', 'm.competition_id')
    .select(['m.id', resultBetDeadlineSql('l', 'm').as('deadline')]).where('l.id', '=', leagueId).where('m.id', 'in', matchIds).execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.deadline)]));
}
