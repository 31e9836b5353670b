import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageKey } from '../i18n/messages';
import { AppError } from '../errors/errors';

/**
 * Inputs built to confuse rather than to ask, refused with a clear 400 before any handler runs:
 * - keys that name Object.prototype's machinery (`__proto__`, `constructor`, `prototype`), in query strings and
 *   JSON bodies; the objects handlers receive have no prototype at all, so nothing can be polluted through them;
 * - repeated query keys (`?id=1&id=2`), unless the route's query schema takes a list there;
 * - NUL characters anywhere (PostgreSQL refuses them in text, and no field of the game needs one);
 * - JSON nested deeper than any request of the API (deep nesting overflows the stack of whoever walks it later).
 * The API speaks JSON only: any other body type is a 415.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_JSON_DEPTH = 32;

type Problems = Record<string, { key: MessageKey }[]>;

function addProblem(problems: Problems, field: string, key: MessageKey): void {
  const list = (problems[field || 'base'] ??= []);
  if (!list.some((p) => p.key === key)) list.push({ key });
}

const invalid = (problems: Problems) => new AppError(400, 'errors.invalid_request', {}, problems);

/** A copy of a parsed JSON value whose objects have no prototype, noting forbidden keys, NULs and excess depth. */
function sanitise(value: unknown, path: string, depth: number, problems: Problems): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) addProblem(problems, path, 'validation.invalid_characters');
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) { addProblem(problems, path, 'validation.too_deep'); return null; }
  if (Array.isArray(value)) return value.map((item, i) => sanitise(item, path ? `${path}.${i}` : String(i), depth + 1, problems));
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) { addProblem(problems, at, 'validation.unknown_field'); continue; }
    if (key.includes('\u0000')) { addProblem(problems, path, 'validation.invalid_characters'); continue; }
    copy[key] = sanitise((value as Record<string, unknown>)[key], at, depth + 1, problems);
  }
  return copy;
}

/** Parses a JSON body into prototype-free objects; malformed or hostile bodies are a 400. */
export function parseJsonBody(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, 'errors.invalid_request');
  }
  const problems: Problems = Object.create(null);
  const body = sanitise(parsed, '', 0, problems);
  if (Object.keys(problems).length > 0) throw invalid(problems);
  return body;
}

const NO_KEYS: ReadonlySet<string> = new Set();
const listKeysBySchema = new WeakMap<object, ReadonlySet<string>>();

/** The parts of the query string and path a route receives, checked for hostile keys, repeats and NULs. */
function checkQueryAndParams(req: FastifyRequest): void {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const params = (req.params ?? {}) as Record<string, unknown>;
  // Nothing to check (the operations routes, the static files).
  if (!hasKeys(query) && !hasKeys(params)) return;
  const problems: Problems = Object.create(null);
  const listKeys = queryListKeys(req);
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (FORBIDDEN_KEYS.has(key)) addProblem(problems, key, 'validation.unknown_field');
    else if (Array.isArray(value) && !listKeys.has(key)) addProblem(problems, key, 'validation.repeated');
    if (key.includes('\u0000') || [value].flat().some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      addProblem(problems, key, 'validation.invalid_characters');
    }
  }
  for (const key of Object.keys(params)) {
    if (typeof params[key] === 'string' && (params[key] as string).includes('\u0000')) addProblem(problems, key, 'validation.invalid_characters');
  }
  if (Object.keys(problems).length > 0) throw invalid(problems);
}

function hasKeys(record: Record<string, unknown>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}

/** Query keys the route's schema declares as lists: only those may repeat. Worked out once per route. */
function queryListKeys(req: FastifyRequest): ReadonlySet<string> {
  const schema = req.routeOptions.schema?.querystring as { properties?: Record<string, { type?: unknown }> } | undefined;
  if (!schema) return NO_KEYS;
  let keys = listKeysBySchema.get(schema);
  if (!keys) {
    keys = new Set(Object.entries(schema.properties ?? {}).filter(([, s]) => s.type === 'array').map(([k]) => k));
    listKeysBySchema.set(schema, keys);
  }
  return keys;
}

export function installInputGuards(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      checkQueryAndParams(req);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
