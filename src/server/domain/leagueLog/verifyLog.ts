import type { Executor } from '../../platform/db/database';
import { entryHash, GENESIS_HASH, HASH_SCHEMES, isKeyed, SEALED_SCHEME, type HashScheme } from './canonical';
import * as repo from './leagueLogRepository';

/** A broken chain, reported by verify-log (exit 1). */
export class LogChainError extends Error {}

/**
 * Why a chain fails: an entry changed (hash), removed or inserted (sequence, link), unparsable (unreadable); an
 * unkeyed entry after a keyed one or a chain that does not end keyed (unkeyed: written without the key, so by
 * someone who could write the database); a published head it no longer contains (truncated: the chain is shorter;
 * anchor: another entry stands at that seq); in an archive, an entry marked withheld that holds nothing a reader may
 * be shown without (withheld).
 */
export type BreakReason = 'hash' | 'link' | 'sequence' | 'unreadable' | 'unkeyed' | 'truncated' | 'anchor' | 'withheld';

export interface ChainBreak { league_id: number; seq: number; reason: BreakReason; archived?: true }

/** A head published earlier (`verify-log --expect league:seq:hash`): the chain must still hold it. */
export interface LogAnchor { leagueId: number; seq: number; hash: string }

interface Chain { leagueId: number; seq: number; hash: string; scheme: number; keyed: boolean; broken: boolean }

interface LogVerification { entries: number; leagues: number; archivedLeagues: number; breaks: ChainBreak[] }

/**
 * Recomputes every league's chain, live and archived: each entry must follow the previous one of its league (seq + 1,
 * prev_hash = its hash, from the genesis hash at seq 1), hash to its stored hash under its scheme, and once keyed
 * stay keyed to the end. The first break of each chain, then each anchor the chains no longer hold.
 */
export async function verifyLeagueLogs(db: Executor, key: Uint8Array, anchors: LogAnchor[] = []): Promise<LogVerification> {
  const live = await verifyTable(db, key, 'league_log', anchors);
  const archived = await verifyTable(db, key, 'league_log_archive', anchors);
  const breaks = [...live.breaks, ...archived.breaks.map((b) => ({ ...b, archived: true as const }))];
  for (const anchor of anchors) {
    const found = live.anchored.get(anchorKey(anchor)) ?? archived.anchored.get(anchorKey(anchor));
    if (found === anchor.hash.toLowerCase()) continue;
    breaks.push({ league_id: anchor.leagueId, seq: anchor.seq, reason: found === undefined ? 'truncated' : 'anchor' });
  }
  return { entries: live.entries + archived.entries, leagues: live.leagues, archivedLeagues: archived.leagues, breaks };
}

const anchorKey = (a: { leagueId: number; seq: number }) => `${a.leagueId}:${a.seq}`;

async function verifyTable(db: Executor, key: Uint8Array, table: 'league_log' | 'league_log_archive', anchors: LogAnchor[]) {
  const wanted = new Set(anchors.map(anchorKey));
  const anchored = new Map<string, string>();
  const breaks: ChainBreak[] = [];
  let entries = 0;
  let leagues = 0;
  let chain = null as Chain | null;
  const close = (c: Chain | null) => {
    if (c && !c.broken && !isKeyed(c.scheme)) breaks.push({ league_id: c.leagueId, seq: c.seq, reason: 'unkeyed' });
  };
  let after = { leagueId: 0, seq: 0 };
  for (;;) {
    const page = await repo.logPage(db, table, after, 1000);
    for (const row of page) {
      entries += 1;
      const leagueId = Number(row.league_id);
      const seq = Number(row.seq);
      after = { leagueId, seq };
      if (chain?.leagueId !== leagueId) {
        close(chain);
        leagues += 1;
        chain = { leagueId, seq: 0, hash: GENESIS_HASH, scheme: SEALED_SCHEME, keyed: false, broken: false };
      }
      if (chain.broken) continue;
      const reason = checkEntry(row, chain, key);
      if (reason) {
        breaks.push({ league_id: leagueId, seq, reason });
        chain.broken = true;
        continue;
      }
      const scheme = Number(row.scheme);
      Object.assign(chain, { seq, hash: row.hash, scheme, keyed: chain.keyed || isKeyed(scheme) });
      if (wanted.has(anchorKey({ leagueId, seq }))) anchored.set(anchorKey({ leagueId, seq }), row.hash);
    }
    if (page.length < 1000) break;
  }
  close(chain);
  return { entries, leagues, breaks, anchored };
}

function checkEntry(row: repo.LogRow, chain: Chain, key: Uint8Array): BreakReason | null {
  const seq = Number(row.seq);
  const scheme = Number(row.scheme);
  let details: unknown;
  try { details = JSON.parse(row.details); } catch { return 'unreadable'; }
  if (!HASH_SCHEMES.includes(scheme as HashScheme)) return 'unreadable';
  if (seq !== chain.seq + 1) return 'sequence';
  if (row.prev_hash !== chain.hash) return 'link';
  if (!isKeyed(scheme) && chain.keyed) return 'unkeyed';
  const content = {
    league_id: chain.leagueId, seq, actor_id: row.actor_id === null ? null : Number(row.actor_id), action: row.action, details,
    created_at: Number(row.created_at),
  };
  return entryHash(row.prev_hash, content, scheme as HashScheme, key) === row.hash ? null : 'hash';
}
