import type { InjectOptions } from 'fastify';
import { routeTable } from '../../../shared/api/routeTable';
import { fillPath, routeUrl, type RouteDef } from '../../../shared/api/route';
import { createUserWithToken } from '../../testing/fixtures';
import { call, createTestApp, DB_KINDS, type TestApp } from '../../testing/harness';
import { validatorCompiler } from './validation';

/**
 * Walks the shared route table and throws malformed params, query strings and bodies at every route,
 * as an admin and as a visitor: each must get a 4xx with a JSON `{ error }`, never a 5xx. The bad
 * inputs are derived from each route's own schemas, and only inputs the server's validator rejects
 * are used, so a route added to the table is covered without touching this file.
 */

type Schema = Record<string, any>;
type Part = 'params' | 'querystring' | 'body';
interface Case { label: string; params: Record<string, string>; query: Record<string, string>; body?: unknown; rawBody?: string; contentType?: string }

const DATE = '2026-06-01T12:00:00.000Z';
const schemaOf = (s: unknown): Schema => (s ?? {}) as Schema;

/** The smallest value the schema accepts (best effort: a rejected "valid" request is still a 4xx). */
function validValue(s: Schema): unknown {
  if (s.anyOf) return validValue((s.anyOf as Schema[]).find((b) => b.type !== 'null') ?? s.anyOf[0]);
  if ('const' in s) return s.const;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'integer': case 'number': return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'string':
      if (s.format === 'date-time') return DATE;
      if (s.format === 'email') return 'someone@example.com';
      return 'a'.repeat(Math.max(s.minLength ?? 1, 1));
    case 'boolean': return true;
    case 'null': return null;
    case 'array': return Array.from({ length: s.minItems ?? 0 }, () => validValue(s.items ?? {}));
    case 'object': return Object.fromEntries(((s.required ?? []) as string[]).map((k) => [k, validValue(s.properties[k])]));
    default: return null;
  }
}

/** Values that break the schema's type or bounds; the caller keeps only those the validator rejects. */
function badValues(s: Schema): unknown[] {
  const out: unknown[] = [{ unexpected: 'object' }, ['an', 'array'], 'not-a-valid-value', 1.5, -1, true, 99_999_999_999];
  if (typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number' && s.minLength > 0) out.push('');
  if (typeof s.minimum === 'number') out.push(s.minimum - 1);
  if (typeof s.maximum === 'number') out.push(s.maximum + 1);
  if (s.type === 'array' && typeof s.maxItems === 'number') out.push(Array.from({ length: s.maxItems + 1 }, () => validValue(s.items ?? {})));
  if (s.type === 'array' && s.items) out.push(...badValues(s.items).slice(0, 4).map((v) => [v]));
  return out;
}

/** Text forms of bad values for params and query strings (they arrive as text and are coerced). */
function badTexts(s: Schema): string[] {
  const out = ['abc', '-1', '1.5', '0', '99999999999', '1e400', '%00', 'null'];
  if (typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength + 1));
  if (typeof s.minimum === 'number') out.push(String(s.minimum - 1));
  if (typeof s.maximum === 'number') out.push(String(s.maximum + 1));
  return [...new Set(out)];
}

/** Every (path, value) mutation of a body: wrong types, bounds, missing required fields, unknown fields. */
function bodyMutations(s: Schema, path: string[] = []): { label: string; apply: (base: any) => any }[] {
  const at = path.join('.') || '(root)';
  const set = (value: unknown) => (base: any) => setIn(base, path, value);
  const out = badValues(s).map((v) => ({ label: `${at} = ${preview(v)}`, apply: set(v) }));
  if (s.type === 'object' && s.properties) {
    for (const key of (s.required ?? []) as string[]) {
      out.push({ label: `${at} without ${key}`, apply: (base) => setIn(base, [...path, key], undefined) });
    }
    if (s.additionalProperties === false) {
      out.push({ label: `${at} with an unknown field`, apply: (base) => setIn(base, [...path, 'unknown_field'], 1) });
    }
    for (const [key, child] of Object.entries(s.properties as Record<string, Schema>)) out.push(...bodyMutations(child, [...path, key]));
  }
  return out;
}

function setIn(base: any, path: string[], value: unknown): any {
  if (path.length === 0) return value;
  const copy = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else {
    copy[head] = setIn(copy[head], rest, value);
  }
  return copy;
}

const preview = (v: unknown) => { const text = JSON.stringify(v) ?? String(v); return text.length > 40 ? `${text.slice(0, 37)}...` : text; };

/** The server's own validator for a part of a route: a case is malformed only if it rejects it. */
function rejects(def: RouteDef, part: Part, schema: Schema | undefined, value: unknown): boolean {
  if (!schema) return false;
  const validate = validatorCompiler({ schema, httpPart: part, method: def.method, url: def.path }) as (v: unknown) => boolean;
  return !validate(structuredClone(value));
}

function casesFor(def: RouteDef): Case[] {
  const paramsSchema = def.params as Schema | undefined;
  const querySchema = def.query as Schema | undefined;
  const bodySchema = def.body as Schema | undefined;
  const { params, query, body } = baseInput(def);
  const cases: Case[] = [];

  for (const [key, child] of Object.entries(schemaOf(paramsSchema?.properties) as Record<string, Schema>)) {
    for (const text of badTexts(child)) {
      const bad = { ...params, [key]: text };
      if (rejects(def, 'params', paramsSchema, bad)) cases.push({ label: `param ${key}=${preview(text)}`, params: bad, query, body });
    }
  }
  if (def.prefixed) cases.push({ label: 'unknown locale', params: { ...params, locale: 'xx' }, query, body });

  if (querySchema) {
    for (const [key, child] of Object.entries(schemaOf(querySchema.properties) as Record<string, Schema>)) {
      for (const text of badTexts(child)) {
        const bad = { ...query, [key]: text };
        if (rejects(def, 'querystring', querySchema, bad)) cases.push({ label: `query ${key}=${preview(text)}`, params, query: bad, body });
      }
    }
    if (querySchema.additionalProperties === false) cases.push({ label: 'unknown query parameter', params, query: { ...query, unknown_param: '1' }, body });
    for (const key of (querySchema.required ?? []) as string[]) {
      const { [key]: _dropped, ...rest } = query;
      cases.push({ label: `query without ${key}`, params, query: rest, body });
    }
  }

  if (bodySchema) {
    for (const mutation of bodyMutations(bodySchema)) {
      const bad = mutation.apply(body);
      if (rejects(def, 'body', bodySchema, bad)) cases.push({ label: `body ${mutation.label}`, params, query, body: bad });
    }
    cases.push({ label: 'body that is not JSON', params, query, rawBody: '{"broken": ', contentType: 'application/json' });
    cases.push({ label: 'body as plain text', params, query, rawBody: 'hello', contentType: 'text/plain' });
    if (rejects(def, 'body', bodySchema, undefined)) cases.push({ label: 'no body', params, query, rawBody: '' });
  }
  return cases;
}

let address = 0;
/** Each request from its own address, so per-IP rate limits do not hide what validation answers. */
const nextAddress = () => { address += 1; return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`; };

function request(def: RouteDef, c: Case, token: string | null): InjectOptions & { token: string | null } {
  const path = fillPath(routeUrl(def), { locale: 'en', ...c.params });
  const search = new URLSearchParams(c.query).toString();
  const url = search ? `${path}?${search}` : path;
  const base = { method: def.method, url, token, remoteAddress: nextAddress() } as const;
  if (c.rawBody !== undefined) {
    return { ...base, payload: c.rawBody, headers: c.contentType ? { 'content-type': c.contentType } : {} };
  }
  return c.body === undefined ? base : { ...base, payload: c.body as object };
}

describe.each(DB_KINDS)('every route rejects malformed input with a 4xx [%s]', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  it('has routes to walk', () => {
    expect(Object.keys(routeTable).length).toBeGreaterThan(0);
  });

  for (const [name, def] of Object.entries(routeTable) as [string, RouteDef][]) {
    it(`${name}: ${def.method} ${routeUrl(def)}`, async () => {
      // A fresh admin per route: sign-out or account deletion must not spoil the next route's calls.
      const admin = await createUserWithToken(t.deps, { is_admin: true });
      const failures: string[] = [];
      for (const token of [admin.token, null]) {
        const who = token ? 'admin' : 'visitor';
        for (const c of casesFor(def)) {
          const res = await call(t.app, request(def, c, token));
          const ok = res.statusCode >= 400 && res.statusCode < 500 && typeof res.data?.error === 'string';
          if (!ok) failures.push(`${who}, ${c.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        // The plain call (a valid-looking request; ids that do not exist): anything but a server error.
        const res = await call(t.app, request(def, { label: 'plain call', ...baseInput(def) }, token));
        if (res.statusCode >= 500) failures.push(`${who}, plain call: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

/** A request every schema of the route accepts. */
function baseInput(def: RouteDef): Omit<Case, 'label'> {
  const params = Object.fromEntries(Object.entries(schemaOf(def.params ? validValue(def.params as Schema) : {})).map(([k, v]) => [k, String(v)]));
  const query = Object.fromEntries(Object.entries(schemaOf(def.query ? validValue(def.query as Schema) : {})).map(([k, v]) => [k, String(v)]));
  return { params, query, body: def.body ? validValue(def.body as Schema) : undefined };
}
