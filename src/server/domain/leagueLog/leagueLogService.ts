import type { Executor } from '../../platform/db/database';
import { canonicalJson, entryHash, GENESIS_HASH, isKeyed, SEALED_SCHEME } from './canonical';
import * as repo from './leagueLogRepository';

/**
 * The tamper-evident league log: every change that can move points or membership, appended in the transaction that
 * makes the change, each entry chained to the previous one of its league by
 * hash = HMAC-SHA256(log key, previous hash + canonical entry), a bet entry's goals chained through their keyed seal
 * (canonical.ts, scheme 3). The key is kept outside the database.
 */

export type LogAction =
  | 'result_bet.late_entry' | 'result_bet.admin_correction' | 'league.settings' | 'member.removed' | 'member.left'
  | 'bonus.resolved' | 'bonus.deleted' | 'match.result_corrected' | 'member.joined' | 'league.owner_changed'
  | 'member.account_deleted' | 'log.keyed'
  | 'post.created' | 'post.edited' | 'post.deleted' | 'post.pinned' | 'post.unpinned' | 'board.closed' | 'board.opened'
  | 'odds.sealed';

/** What every append needs besides the entries: the time and the log key. */
export interface LogStamp { now: number; key: Uint8Array }

export interface LogEntryInput { leagueId: number; actorId: number | null; action: LogAction; details: Record<string, unknown> }

/**
 * Appends entries (any leagues, several per league allowed, in the given order). Runs inside the caller's
 * transaction: the entries commit or roll back with the change they describe.
 */
export async function appendLeagueLog(db: Executor, stamp: LogStamp, entries: LogEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  if (!db.isTransaction) throw new Error('appendLeagueLog runs inside the transaction of the change it records');
  const leagueIds = [...new Set(entries.map((e) => e.leagueId))];
  await repo.lockLeagueLogs(db, leagueIds);
  const tails = await repo.logTails(db, leagueIds);
  const rows: repo.LogRow[] = entries.map((entry) => {
    const tail = tails.get(entry.leagueId) ?? { seq: 0, hash: GENESIS_HASH, scheme: SEALED_SCHEME };
    // Through JSON once, so the hashed details are exactly what a reader parses back from the stored text.
    const details = JSON.parse(canonicalJson(entry.details)) as unknown;
    const content = {
      league_id: entry.leagueId, seq: tail.seq + 1, actor_id: entry.actorId, action: entry.action, details, created_at: stamp.now,
    };
    const hash = entryHash(tail.hash, content, SEALED_SCHEME, stamp.key);
    tails.set(entry.leagueId, { seq: content.seq, hash, scheme: SEALED_SCHEME });
    return { ...content, details: canonicalJson(details), prev_hash: tail.hash, hash, scheme: SEALED_SCHEME };
  });
  await repo.insertLogRows(db, rows);
}

/** The result fields of a match an admin correction is logged for. */
const RESULT_FIELDS = [
  'status', 'finished', 'local_goals', 'visiting_goals', 'local_goals_extra_time', 'visiting_goals_extra_time',
  'local_penalties', 'visiting_penalties',
] as const;
type ResultFields = Partial<Record<(typeof RESULT_FIELDS)[number], unknown>>;

/**
 * An admin's hand edit of a match's result: logged in every league where the match takes bets, with the result
 * fields before and after. Nothing when no result field changes (a kickoff or team edit moves no points).
 */
export async function logMatchCorrection(
  db: Executor, stamp: LogStamp, args: { matchId: number; actorId: number; before: ResultFields; after: ResultFields },
): Promise<void> {
  const changed = RESULT_FIELDS.filter((key) => key in args.after && args.after[key] !== undefined && args.after[key] !== args.before[key]);
  if (changed.length === 0) return;
  const before = Object.fromEntries(RESULT_FIELDS.map((key) => [key, args.before[key] ?? null]));
  const after = { ...before, ...Object.fromEntries(changed.map((key) => [key, args.after[key] ?? null])) };
  const leagueIds = await repo.leaguesPlayingMatch(db, args.matchId);
  await appendLeagueLog(db, stamp, leagueIds.map((leagueId) => ({
    leagueId, actorId: args.actorId, action: 'match.result_corrected' as const, details: { match_id: args.matchId, before, after },
  })));
}

/**
 * Chains written before the log was keyed end in an unkeyed (sha256) entry: each gets a keyed `log.keyed` entry on
 * top, whose keyed hash covers the whole unkeyed chain below it, so from then on nobody without the key can rewrite
 * it unnoticed, and verify-log can require every chain to end keyed. Run at start; idempotent and safe when several
 * processes start at once (the league's log lock, then the tail is read again).
 */
export async function keyLegacyLogs(db: Executor, stamp: LogStamp): Promise<number> {
  const leagueIds = await repo.leaguesWithUnkeyedTail(db);
  let keyed = 0;
  for (const leagueId of leagueIds) {
    keyed += await db.transaction().execute(async (trx) => {
      await repo.lockLeagueLogs(trx, [leagueId]);
      const tail = (await repo.logTails(trx, [leagueId])).get(leagueId);
      if (!tail || isKeyed(tail.scheme)) return 0;
      await appendLeagueLog(trx, stamp, [{ leagueId, actorId: null, action: 'log.keyed', details: { unkeyed_entries: tail.seq } }]);
      return 1;
    });
  }
  return keyed;
}
