import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson, derivedKey } from './canonical';

/**
 * A league archive is signed as a whole with a key derived from the log key: the league, its settings, its members
 * and its log as exported. The log's chain proves the entries were not changed in the database; the signature proves
 * the file was not changed after the server wrote it, members and settings included, which no chain covers. Only
 * the server and whoever holds its log key can sign or check one.
 */

/** The signature of an archive (every member but `signature`), hex. */
export function archiveSignature(archive: Record<string, unknown>, key: Uint8Array): string {
  const { signature: _signature, ...signed } = archive;
  return createHmac('sha256', derivedKey(key, 'porra-league-archive')).update(canonicalJson(signed)).digest('hex');
}

/** Whether the archive carries its own signature (compared in constant time). */
export function archiveSignatureMatches(archive: Record<string, unknown>, key: Uint8Array): boolean {
  const given = archive.signature;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(archiveSignature(archive, key), 'hex'));
}
