import { sql } from 'kysely';
import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import type { Executor } from '../../db/database';

/** Knockout matches take result bets only in leagues with playoff_results_points (DESIGN 4.2). */
const KNOCKOUT_ROUNDS = [3, 4, 5, 6, 7, 9];

export interface PendingMatchday {
  user_id: number; name: string; email: string; locale: string; email_reminders: number;
  league_id: number; league_name: string; matchday: number; pending: number; first_deadline: number;
}

/**
 * Members with result bets still to place whose deadline falls in (now, now + windowMs], one row per member,
 * league and matchday. Set-based: one query whatever the number of members.
 * Deadline (DESIGN 4.3): a cup match locks 5 minutes before its kickoff; a league season's matchday locks
 * 5 minutes before the matchday's first kickoff.
 */
export async function pendingResultBets(db: Executor, now: number, windowMs: number): Promise<PendingMatchday[]> {
  const deadline = sql<number>`(case when c.competition_type = 'league'
      then (select min(m2.date) from matches m2 where m2.competition_id = m.competition_id and m2.matchday = m.matchday)
      else m.date end) - ${BET_LOCK_MS}`;
  const rows = await db.selectFrom('league_members as lm')
    .innerJoin('leagues as l', 'l.id', 'lm.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .innerJoin('users as u', 'u.id', 'lm.user_id')
    .innerJoin('matches as m', 'm.competition_id', 'l.competition_id')
    .where('c.finished', '=', 0)
    .where('l.bets_system', '!=', 'disabled')
    .where('m.started', '=', 0)
    .where('m.status', 'not in', ['postponed', 'cancelled'])
    .where('m.local_team_id', 'is not', null)
    .where('m.visiting_team_id', 'is not', null)
    .where((eb) => eb.or([eb('c.competition_type', '=', 'cup'), eb('m.matchday', '>=', eb.ref('l.start_matchday'))]))
    .where((eb) => eb.or([eb('l.playoff_results_points', '=', 1), eb('m.round_id', 'not in', KNOCKOUT_ROUNDS)]))
    .where((eb) => eb.or([
      eb.not(eb.exists(eb.selectFrom('league_teams as lt').select('lt.team_id').whereRef('lt.league_id', '=', 'l.id'))),
      eb.exists(eb.selectFrom('league_teams as lt').select('lt.team_id').whereRef('lt.league_id', '=', 'l.id')
        .where((inner) => inner.or([inner('lt.team_id', '=', inner.ref('m.local_team_id')), inner('lt.team_id', '=', inner.ref('m.visiting_team_id'))]))),
    ]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('result_bets as rb').select('rb.id')
      .whereRef('rb.league_id', '=', 'l.id').whereRef('rb.user_id', '=', 'lm.user_id').whereRef('rb.match_id', '=', 'm.id')
      .where('rb.mode', '=', 0).where('rb.local_goals', 'is not', null).where('rb.visiting_goals', 'is not', null))))
    .where(deadline, '>', now)
    .where(deadline, '<=', now + windowMs)
    .select([
      'lm.user_id', 'u.name', 'u.email', 'u.locale', 'u.email_reminders', 'l.id as league_id', 'l.name as league_name', 'm.matchday',
      (eb) => eb.fn.countAll<number>().as('pending'),
      (eb) => eb.fn.min(deadline).as('first_deadline'),
    ])
    .groupBy(['lm.user_id', 'u.name', 'u.email', 'u.locale', 'u.email_reminders', 'l.id', 'l.name', 'm.matchday'])
    .orderBy('lm.user_id').orderBy('first_deadline')
    .execute();
  return rows.map((r) => ({ ...r, pending: Number(r.pending), first_deadline: Number(r.first_deadline), email_reminders: Number(r.email_reminders) }));
}

/** (member, league, matchday) already reminded by the scheduler: it reminds each once. */
export async function alreadyReminded(db: Executor, userIds: number[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('reminders_sent').select(['user_id', 'league_id', 'matchday']).where('user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => `${r.user_id}:${r.league_id}:${r.matchday}`));
}

export async function recordReminders(db: Executor, rows: { user_id: number; league_id: number; matchday: number }[], now: number): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('reminders_sent').values(rows.slice(i, i + 200).map((r) => ({ user_id: r.user_id, league_id: r.league_id, matchday: r.matchday, sent_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'league_id', 'matchday']).doUpdateSet({ sent_at: now })).execute();
  }
}
