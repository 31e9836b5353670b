import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';

export const MASK = '********';

/** Config keys whose whole value is a secret. */
const SECRET_KEY = /token|secret|password|key$/i;

/** A URL's password (and a user given without a password) masked: postgres://porra:********@db/porra. */
function maskUrlCredentials(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^@/]*)@/i.exec(value);
  if (!match) return value;
  const [user] = match[2]!.split(':');
  return `${match[1]}${user ? `${user}:` : ''}${MASK}@${value.slice(match[0].length)}`;
}

function show(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/**
 * The effective configuration, every key of Config (nested ones as `parent.child`), so a setting added later shows
 * without touching this file. Tokens are masked whole; URLs keep everything but their credentials.
 */
export function effectiveSettings(config: Config): { key: string; value: string | null; secret: boolean }[] {
  const out: { key: string; value: string | null; secret: boolean }[] = [];
  const walk = (prefix: string, object: object) => {
    for (const [key, value] of Object.entries(object)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) { walk(name, value as object); continue; }
      const text = show(value);
      if (SECRET_KEY.test(key)) { out.push({ key: name, value: text === null ? null : MASK, secret: true }); continue; }
      const masked = text === null ? null : maskUrlCredentials(text);
      out.push({ key: name, value: masked, secret: masked !== text });
    }
  };
  walk('', config);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

let appVersion: string | undefined;

/** package.json's version: npm sets it for `npm start`; a plain `node` start reads the file in the working directory. */
export function readAppVersion(): string {
  if (appVersion !== undefined) return appVersion;
  appVersion = process.env.npm_package_version ?? (() => {
    try {
      return (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
    } catch {
      return 'unknown';
    }
  })();
  return appVersion;
}

/** The last migration the database ran (Kysely's bookkeeping table, in the connection's schema). */
export async function schemaVersion(deps: Pick<AppDeps, 'db'>): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(deps.db);
  return rows[0]?.name ?? null;
}
