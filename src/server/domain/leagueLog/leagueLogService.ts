import type { Executor } from '../../platform/db/database';
import { canonicalJson, entryHash, GENESIS_HASH } from './canonical';
import * as repo from './leagueLogRepository';

/**
 * The tamper-evident league log: every change that can move points or membership, appended in the
 * transaction that makes the change, each entry chained to the previous one of its league by
 * hash = sha256(previous hash + canonical entry).
 */

export type LogAction =
  | 'result_bet.late_entry' | 'result_bet.admin_correction' | 'league.settings' | 'member.removed' | 'member.left'
  | 'bonus.resolved' | 'bonus.deleted' | 'match.result_corrected';

export interface LogEntryInput { leagueId: number; actorId: number | null; action: LogAction; details: Record<string, unknown> }

/**
 * Appends entries (any leagues, several per league allowed, in the given order). Runs inside the caller's
 * transaction: the entries commit or roll back with the change they describe.
 */
export async function appendLeagueLog(db: Executor, now: number, entries: LogEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  if (!db.isTransaction) throw new Error('appendLeagueLog runs inside the transaction of the change it records');
  const leagueIds = [...new Set(entries.map((e) => e.leagueId))];
  await repo.lockLeagueLogs(db, leagueIds);
  const tails = await repo.logTails(db, leagueIds);
  const rows: repo.LogRow[] = entries.map((entry) => {
    const tail = tails.get(entry.leagueId) ?? { seq: 0, hash: GENESIS_HASH };
    // Through JSON once, so the hashed details are exactly what a reader parses back from the stored text.
    const details = JSON.parse(canonicalJson(entry.details)) as unknown;
    const content = { league_id: entry.leagueId, seq: tail.seq + 1, actor_id: entry.actorId, action: entry.action, details, created_at: now };
    const hash = entryHash(tail.hash, content);
    tails.set(entry.leagueId, { seq: content.seq, hash });
    return { ...content, details: canonicalJson(details), prev_hash: tail.hash, hash };
  });
  await repo.insertLogRows(db, rows);
}

/** The result fields of a match an admin correction is logged for. */
export const RESULT_FIELDS = [
  'status', 'finished', 'local_goals', 'visiting_goals', 'local_goals_extra_time', 'visiting_goals_extra_time',
  'local_penalties', 'visiting_penalties',
] as const;
type ResultFields = Partial<Record<(typeof RESULT_FIELDS)[number], unknown>>;

/**
 * An admin's hand edit of a match's result: logged in every league where the match takes bets, with the result
 * fields before and after. Nothing when no result field changes (a kickoff or team edit moves no points).
 */
export async function logMatchCorrection(
  db: Executor, args: { matchId: number; actorId: number; before: ResultFields; after: ResultFields; now: number },
): Promise<void> {
  const changed = RESULT_FIELDS.filter((key) => key in args.after && args.after[key] !== undefined && args.after[key] !== args.before[key]);
  if (changed.length === 0) return;
  const before = Object.fromEntries(RESULT_FIELDS.map((key) => [key, args.before[key] ?? null]));
  const after = { ...before, ...Object.fromEntries(changed.map((key) => [key, args.after[key] ?? null])) };
  const leagueIds = await repo.leaguesPlayingMatch(db, args.matchId);
  await appendLeagueLog(db, args.now, leagueIds.map((leagueId) => ({
    leagueId, actorId: args.actorId, action: 'match.result_corrected' as const, details: { match_id: args.matchId, before, after },
  })));
}

/** A broken chain, reported by verify-log (exit 1). */
export class LogChainError extends Error {}

export interface ChainBreak { league_id: number; seq: number; reason: 'hash' | 'link' | 'sequence' | 'unreadable' }

/**
 * Recomputes every league's chain: each entry must follow the previous one of its league (seq + 1, prev_hash = its
 * hash, starting from the genesis hash at seq 1) and hash to its stored hash. The first break of each league.
 */
export async function verifyLeagueLogs(db: Executor): Promise<{ entries: number; leagues: number; breaks: ChainBreak[] }> {
  const breaks: ChainBreak[] = [];
  let entries = 0;
  const leagues = new Set<number>();
  let previous = null as { league_id: number; seq: number; hash: string } | null;
  let broken = -1;
  let after = { leagueId: 0, seq: 0 };
  for (;;) {
    const page = await repo.logPage(db, after, 1000);
    for (const row of page) {
      entries += 1;
      const leagueId = Number(row.league_id);
      const seq = Number(row.seq);
      leagues.add(leagueId);
      after = { leagueId, seq };
      if (leagueId === broken) continue;
      const first: boolean = previous === null || previous.league_id !== leagueId;
      const fail = (reason: ChainBreak['reason']) => { breaks.push({ league_id: leagueId, seq, reason }); broken = leagueId; };
      let details: unknown;
      try { details = JSON.parse(row.details); } catch { fail('unreadable'); continue; }
      if (seq !== (first ? 1 : previous!.seq + 1)) fail('sequence');
      else if (row.prev_hash !== (first ? GENESIS_HASH : previous!.hash)) fail('link');
      else if (entryHash(row.prev_hash, {
        league_id: leagueId, seq, actor_id: row.actor_id === null ? null : Number(row.actor_id), action: row.action, details,
        created_at: Number(row.created_at),
      }) !== row.hash) fail('hash');
      previous = { league_id: leagueId, seq, hash: row.hash };
    }
    if (page.length < 1000) break;
  }
  return { entries, leagues: leagues.size, breaks };
}
