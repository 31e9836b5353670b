import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import { appendLeagueLog, type LogStamp } from '../leagueLog/leagueLogService';
import { playedInLeague, resultBetDeadlineSql } from '../scoring/scoringSql';
import { oddsFromRatings, oddsOfSeal, sealColumns } from './matchOddsOf';
import { movesUntilSql } from './ratingsRepository';

/**
 * In a league scored by the odds, each match's chances are sealed at its deadline there: worked out from the
 * ratings as they stood at the deadline (the journal's moves until then, so the seal is the same whenever it is
 * written), stored once (never updated) and written into the league's log, chained, so the points can be
 * recomputed and verified from the log alone.
 *
 * Sealing is a set-based pass over the (league, match) pairs whose deadline has passed and that have no seal yet:
 * run where results are recorded (the result's writer, before the result job scores it), when a league takes up
 * the odds, and every minute by the scheduler. The log entries are written by logSealedOdds, which needs the log
 * key: the scheduler and the result worker after its jobs run it (a league taking up the odds logs its own).
 */

type SealScope = { competitionId: number } | { leagueId: number } | 'open_competitions';

const INSERT_CHUNK = 500;

/** Seals the due pairs in scope; how many it found due (a pair a concurrent pass sealed first keeps that seal). */
export async function sealDueOdds(db: Executor, scope: SealScope, now: number): Promise<number> {
  let query = db.selectFrom('leagues as l')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .innerJoin('matches as m', 'm.competition_id', 'l.competition_id')
    .innerJoin('teams as lt', 'lt.id', 'm.local_team_id')
    .innerJoin('teams as vt', 'vt.id', 'm.visiting_team_id')
    .select(['l.id as league_id', 'm.id as match_id', 'm.round_id', 'm.local_team_id', 'm.visiting_team_id',
      'lt.team_name as local_name', 'vt.team_name as visiting_name', resultBetDeadlineSql('l', 'm').as('deadline')])
    .where('l.scoring_mode', '=', 'odds')
    .where(sql<boolean>`${playedInLeague('l', 'm', 'c')}`)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('league_match_odds as o').select('o.match_id')
      .whereRef('o.league_id', '=', 'l.id').whereRef('o.match_id', '=', 'm.id'))));
  if (scope === 'open_competitions') query = query.where('c.finished', '=', 0);
  else if ('leagueId' in scope) query = query.where('l.id', '=', scope.leagueId);
  else query = query.where('l.competition_id', '=', scope.competitionId).where('m.competition_id', '=', scope.competitionId);
  const due = await db.selectFrom(query.as('d')).selectAll('d')
    .select([
      movesUntilSql(sql.ref('d.local_team_id'), sql.ref('d.deadline')).as('local_moves'),
      movesUntilSql(sql.ref('d.visiting_team_id'), sql.ref('d.deadline')).as('visiting_moves'),
    ])
    .where('d.deadline', '<=', now).orderBy('d.league_id').orderBy('d.match_id').execute();
  const rows = due.map((d) => {
    const { local_rating, visiting_rating, odds } = oddsFromRatings({ ...d, local_moves: Number(d.local_moves), visiting_moves: Number(d.visiting_moves) });
    return {
      league_id: Number(d.league_id), match_id: Number(d.match_id), ...sealColumns(odds), local_rating, visiting_rating,
      deadline: Number(d.deadline), sealed_at: now, logged_at: null,
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insertInto('league_match_odds').values(rows.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(['league_id', 'match_id']).doNothing()).execute();
  }
  return rows.length;
}

const LOG_BATCH = 200;

/**
 * Writes sealed pairs not yet in their league's log into it (`odds.sealed`: the match, its chances in permyriad,
 * the ratings and the deadline they were read at), at most LOG_BATCH, of one league or any. A pair is claimed by
 * setting logged_at in the transaction that appends its entry, so concurrent runs never log one twice. Last in the
 * caller's transaction (the log's lock is the last one taken). How many it logged.
 */
async function logSeals(trx: Executor, stamp: LogStamp, leagueId: number | null): Promise<number> {
  const scope = leagueId === null ? sql`` : sql`AND league_id = ${leagueId}`;
  let claim = trx.updateTable('league_match_odds').set({ logged_at: stamp.now }).where('logged_at', 'is', null)
    .where(sql<boolean>`(league_id, match_id) IN (SELECT league_id, match_id FROM league_match_odds WHERE logged_at IS NULL ${scope}
      ORDER BY league_id, match_id LIMIT ${LOG_BATCH})`);
  if (leagueId !== null) claim = claim.where('league_id', '=', leagueId);
  const claimed = await claim.returningAll().execute();
  claimed.sort((a, b) => Number(a.league_id) - Number(b.league_id) || Number(a.match_id) - Number(b.match_id));
  await appendLeagueLog(trx, stamp, claimed.map((row) => {
    const odds = oddsOfSeal(row);
    return {
      leagueId: Number(row.league_id), actorId: null, action: 'odds.sealed' as const,
      details: {
        match_id: Number(row.match_id), home: odds.home, draw: odds.draw, away: odds.away, extra_time: odds.extra_time,
        through: odds.through, ratings: { local: row.local_rating / 100, visiting: row.visiting_rating / 100 }, deadline: Number(row.deadline),
      },
    };
  }));
  return claimed.length;
}

/** Logs every sealed pair not logged yet, a batch per transaction; how many it logged. */
export async function logSealedOdds(db: Db, stamp: LogStamp): Promise<number> {
  let logged = 0;
  for (;;) {
    const batch = await db.transaction().execute((trx) => logSeals(trx, stamp, null));
    logged += batch;
    if (batch < LOG_BATCH) return logged;
  }
}

/**
 * The seals of one league not logged yet, logged in the caller's transaction, last: a league taking up the odds
 * (created with them, or switched to them) seals its due chances (sealDueOdds) before it is scored, and logs them
 * with its settings.
 */
export async function logLeagueSeals(trx: Executor, stamp: LogStamp, leagueId: number): Promise<void> {
  let logged: number;
  do logged = await logSeals(trx, stamp, leagueId); while (logged === LOG_BATCH);
}

/** Seals every due pair of the open competitions and logs every seal not logged yet (the scheduler's run). */
export async function sealAndLogOdds(db: Db, stamp: LogStamp): Promise<{ sealed: number; logged: number }> {
  const sealed = await db.transaction().execute((trx) => sealDueOdds(trx, 'open_competitions', stamp.now));
  return { sealed, logged: await logSealedOdds(db, stamp) };
}
