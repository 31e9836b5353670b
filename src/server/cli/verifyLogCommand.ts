import { readFileSync } from 'node:fs';
import { loadLogKey } from '../domain/leagueLog/logKey';
import { parseArchive, verifyArchivedLog } from '../domain/leagueLog/verifyArchive';
import { LogChainError, verifyLeagueLogs, type ChainBreak, type LogAnchor } from '../domain/leagueLog/verifyLog';
import { UsageError, type CliCommand } from './command';

const ANCHOR = /^(\d+):(\d+):([0-9a-f]{64})$/i;

/** "league:seq:hash" heads published earlier (a member's log page shows the one they last saw). */
function parseAnchors(raw: unknown): LogAnchor[] {
  const values = Array.isArray(raw) ? raw as string[] : typeof raw === 'string' ? [raw] : [];
  return values.map((value) => {
    const match = ANCHOR.exec(value.trim());
    if (!match) throw new UsageError(`--expect takes league:seq:hash, a 64-character hex hash (got "${value}")`);
    return { leagueId: Number(match[1]), seq: Number(match[2]), hash: match[3].toLowerCase() };
  });
}

const REASONS: Record<ChainBreak['reason'], string> = {
  hash: 'an entry was changed', link: 'an entry was removed or inserted', sequence: 'an entry was removed or inserted',
  unreadable: 'an entry cannot be read', unkeyed: 'an entry is not keyed with the log key (start the server once to key older logs)',
  truncated: 'the published head is gone: the log was cut short', anchor: 'another entry stands where the published head was',
};

/** `--file`: one league archive (the owner's download) instead of the database's logs. */
function verifyArchiveFile(file: string, key: Uint8Array, out: (line: string) => void): void {
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch (error) { throw new UsageError(`cannot read ${file}: ${(error as Error).message}`); }
  let archive: ReturnType<typeof parseArchive>;
  try { archive = parseArchive(text); } catch (error) { throw new LogChainError(`${file}: ${(error as Error).message}`); }
  const result = verifyArchivedLog(archive.leagueId, archive.log, key);
  if (result.broken) {
    out(`Archive of league ${result.leagueId}: the chain breaks at entry ${result.broken.seq} (${result.broken.reason}: ${REASONS[result.broken.reason]})`);
    throw new LogChainError(`the archive's log is broken: ${file}`);
  }
  const withheld = result.withheld > 0 ? ` ${result.withheld} withheld (bets still hidden when archived) are linked but not recomputed.` : '';
  out(`Archive of league ${result.leagueId}: ${result.entries} entries, the chain is intact.${withheld}`);
}

/**
 * Recomputes every league's log chain with the log key (LOG_HMAC_KEY or the key file, never created here): exit 1
 * naming each league whose chain breaks or no longer holds a head given with --expect. With --file, the chain of one
 * league archive instead.
 */
export const verifyLogCommand: CliCommand = {
  name: 'verify-log',
  summary: "Recompute every league's tamper-evident log chain (or a league archive's, with --file); exit 1 when an entry was changed, removed or inserted, or a published head is gone",
  usage: 'verify-log [--expect league:seq:hash]... | verify-log --file <archive.json>',
  options: { expect: { type: 'string', multiple: true }, file: { type: 'string' } },
  needsDatabase: true,
  async run({ db, out, config, values }) {
    if (typeof values.file === 'string') {
      if (values.expect !== undefined) throw new UsageError('--file checks one archive: --expect goes with the database\'s logs');
      verifyArchiveFile(values.file, loadLogKey(config, { create: false }), out);
      return;
    }
    const anchors = parseAnchors(values.expect);
    const { entries, leagues, archivedLeagues, breaks } = await verifyLeagueLogs(db, loadLogKey(config, { create: false }), anchors);
    for (const b of breaks) {
      out(`League ${b.league_id}${b.archived ? ' (deleted, archived log)' : ''}: the chain breaks at entry ${b.seq} (${b.reason}: ${REASONS[b.reason]})`);
    }
    if (breaks.length > 0) throw new LogChainError(`${new Set(breaks.map((b) => b.league_id)).size} of ${leagues + archivedLeagues} league logs are broken`);
    const held = anchors.length > 0 ? ` ${anchors.length} published head${anchors.length === 1 ? ' is' : 's are'} still in place.` : '';
    out(`${entries} entries in ${leagues} league logs and ${archivedLeagues} archived: every chain is intact.${held}`);
  },
};
