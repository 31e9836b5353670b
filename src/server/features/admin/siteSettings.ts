import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';

const MASK = '********';

/** Config keys whose whole value is a secret. */
const SECRET_KEY = /token|secret|password|key$/i;

/** Query parameters whose value is a credential: password, sslpassword, pass, token, secret, api_key, auth... */
const SECRET_PARAMETER = /pass|pwd|secret|token|key|auth|credential|signature/i;

/**
 * A URL with every credential masked: the password of its user part (postgres://porra:********@db/porra, a user
 * given alone is masked too) and the value of every secret query parameter (?password=********). The user part
 * ends at the URL's last "@" (a password may contain "@", "/" or "?" unencoded, and drivers read it so); when in
 * doubt more is masked, never less.
 */
function maskUrlCredentials(value: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value);
  if (!scheme) return value;
  let rest = value.slice(scheme[0].length);
  let userPart = '';
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const user = rest.slice(0, at).split(':')[0]!;
    userPart = `${user && !/[/?#]/.test(user) ? `${user}:` : ''}${MASK}@`;
    rest = rest.slice(at + 1);
  }
  const query = rest.indexOf('?');
  if (query >= 0) {
    const [params, fragment] = splitOnce(rest.slice(query + 1), '#');
    const masked = params.split('&').map((pair) => {
      const [name, given] = splitOnce(pair, '=');
      return given !== null && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=${MASK}` : pair;
    }).join('&');
    rest = `${rest.slice(0, query)}?${masked}${fragment === null ? '' : `#${fragment}`}`;
  }
  return `${scheme[0]}${userPart}${rest}`;
}

function splitOnce(text: string, separator: string): [string, string | null] {
  const index = text.indexOf(separator);
  return index < 0 ? [text, null] : [text.slice(0, index), text.slice(index + 1)];
}

function safeDecode(text: string): string {
  try { return decodeURIComponent(text.replaceAll('+', ' ')); } catch { return text; }
}

function show(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/**
 * Config keys whose environment variable is not their name in capitals (`live.maxStreams` is LIVE_MAX_STREAMS), and
 * null for a value no variable sets.
 */
const ENV_NAME_EXCEPTIONS: Readonly<Record<string, string | null>> = {
  metricsOpenTo: 'METRICS_OPEN',
  logKeyFile: 'LOG_HMAC_KEY_FILE',
  'overload.maxHeapUsedMb': 'OVERLOAD_MAX_HEAP_MB',
  'overload.sampleIntervalMs': null,
};

/** The environment variable that sets a config key: `appOrigin` is APP_ORIGIN, `live.heartbeatMs` LIVE_HEARTBEAT_MS. */
function envName(key: string): string | null {
  if (key in ENV_NAME_EXCEPTIONS) return ENV_NAME_EXCEPTIONS[key]!;
  return key.split('.').map((part) => part.replace(/([a-z0-9])([A-Z])/g, '$1_$2')).join('_').toUpperCase();
}

/**
 * The effective configuration, every key of Config (nested ones as `parent.child`), named as the environment names
 * it (APP_ORIGIN), so an administrator finds the variable to change; a setting added later shows without touching
 * this file. Tokens are masked whole; URLs keep everything but their credentials.
 */
export function effectiveSettings(config: Config): { key: string; value: string | null; secret: boolean }[] {
  const out: { key: string; value: string | null; secret: boolean }[] = [];
  const walk = (prefix: string, object: object) => {
    for (const [key, value] of Object.entries(object)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) { walk(path, value as object); continue; }
      const name = envName(path);
      if (name === null) continue;
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
