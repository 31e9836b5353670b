import { readFileSync } from 'node:fs';
import { loadLogKey } from '../domain/leagueLog/logKey';
import { archiveSignatureState, parseArchive, verifyArchivedLog, type ArchiveVerification } from '../domain/leagueLog/verifyArchive';
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
  withheld: 'an entry is marked withheld but only a bet\'s goals may be',
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the chain check covered, entry by entry kind. */
function chainSummary(result: ArchiveVerification): string {
  const parts = [`${result.recomputed} recomputed in full`];
  if (result.sealed > 0) parts.push(`${count(result.sealed, 'withheld bet', 'withheld bets')} recomputed with ${result.sealed === 1 ? 'its' : 'their'} goals sealed`);
  if (result.linkedOnly > 0) parts.push(`${result.linkedOnly} linked but not recomputed (written before goals were sealed)`);
  return `Log: ${count(result.entries, 'entry', 'entries')}, the chain is intact: ${parts.join('; ')}.`;
}

/**
 * `--file`: one league archive (the owner's download) instead of the database's logs. The signature covers the whole
 * file; the chain, the log's entries. Both must hold, and the output says what each covered and what neither could.
 */
function verifyArchiveFile(file: string, key: Uint8Array, out: (line: string) => void): void {
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch (error) { throw new UsageError(`cannot read ${file}: ${(error as Error).message}`); }
  let parsed: ReturnType<typeof parseArchive>;
  try { parsed = parseArchive(text); } catch (error) { throw new LogChainError(`${file}: ${(error as Error).message}`); }
  const signature = archiveSignatureState(parsed.archive, key);
  const chain = verifyArchivedLog(parsed.leagueId, parsed.log, key);
  const league = `Archive of league ${parsed.leagueId}`;
  if (signature === 'valid') {
    out(`${league}, exported ${parsed.exportedAt ?? '(no date)'}: the signature matches the log key, so the league, its settings, its members and its log are exactly as the server exported them.`);
  } else {
    out(signature === 'missing'
      ? `${league}: the file carries no signature (exported before archives were signed, or removed): its league, settings and members cannot be verified. Download it again.`
      : `${league}: the signature does not match: the file was changed after the server exported it, or another log key signed it.`);
  }
  if (chain.broken) {
    out(`${league}: the chain breaks at entry ${chain.broken.seq} (${chain.broken.reason}: ${REASONS[chain.broken.reason]})`);
  } else {
    out(chainSummary(chain));
  }
  if (signature !== 'valid' || chain.broken) throw new LogChainError(`the archive cannot be trusted: ${file}`);
  const unverified = [
    ...(chain.sealed > 0 ? ['the goals of withheld bets (sealed until the bets are shown)'] : []),
    ...(chain.linkedOnly > 0 ? ['the content of the entries linked but not recomputed'] : []),
    'the members and settings against the log (the signature vouches for them; the chain does not cover them)',
  ];
  out(`Not verified: ${unverified.join('; ')}.`);
}

/**
 * Recomputes every league's log chain with the log key (LOG_HMAC_KEY or the key file, never created here): exit 1
 * naming each league whose chain breaks or no longer holds a head given with --expect. With --file, the signature and
 * the chain of one league archive instead.
 */
export const verifyLogCommand: CliCommand = {
  name: 'verify-log',
  summary: "Recompute every league's tamper-evident log chain (or check a league archive's signature and chain, with --file); exit 1 when an entry was changed, removed or inserted, a published head is gone, or an archive was changed",
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
