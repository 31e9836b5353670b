import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../../platform/config';

/** The log key is missing where a command needs it (verify-log never creates one). */
export class LogKeyError extends Error {}

/**
 * The secret the league log is keyed with, kept outside the database: LOG_HMAC_KEY, else the key file. The server
 * creates the file (mode 0600, 32 random bytes as hex) on its first start; processes racing to create it all end up
 * reading the one that won. Losing the key makes every keyed entry unverifiable, so it is backed up apart from the
 * database; several machines sharing one database must share it (LOG_HMAC_KEY).
 */
export function loadLogKey(config: Pick<Config, 'logHmacKey' | 'logKeyFile'>, options: { create: boolean }): Uint8Array {
  if (config.logHmacKey) return Buffer.from(config.logHmacKey, 'utf8');
  const read = () => {
    const text = readFileSync(config.logKeyFile, 'utf8').trim();
    if (text.length < 32) throw new LogKeyError(`The log key file ${config.logKeyFile} holds fewer than 32 characters`);
    return Buffer.from(text, 'utf8');
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (!options.create) {
      throw new LogKeyError(`No log key: set LOG_HMAC_KEY or LOG_HMAC_KEY_FILE (${config.logKeyFile} does not exist)`);
    }
  }
  mkdirSync(dirname(config.logKeyFile), { recursive: true });
  // Written whole under a temporary name, then linked into place: a racing process sees no file or the whole key.
  const draft = `${config.logKeyFile}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, config.logKeyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return read();
}
