import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { routeTable } from '../../shared/api/routeTable';
import { fillPath, routeUrl, type RouteDef } from '../../shared/api/route';
import { arbitraryFor, hostileValue } from './schemaArbitrary';

/**
 * Requests for one route of the table, generated from its own params, query and body schemas the way an OpenAPI
 * fuzzer does: mostly schema-valid, sometimes hostile (wrong types and bounds, unknown, missing, repeated or
 * prototype-named keys, odd text), and sometimes with the wrong body encoding (none, empty, form, text, broken).
 */
interface ContractRequest { method: string; url: string; headers: Record<string, string>; payload?: string }

type Schema = Record<string, any>;

/**
 * Static segments of every route path: a generated path parameter never equals one, or the request would reach
 * a sibling route (`/leagues/index` is not the league "index") and be judged against the wrong operation.
 */
const STATIC_SEGMENTS = new Set(Object.values(routeTable as Record<string, RouteDef>).flatMap((def) => def.path.split('/').filter((p) => p && !p.startsWith(':'))));

/** A URL cannot carry half of a UTF-16 pair, so no client could send one in a path. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined');

/** A path parameter: valid, or hostile text that still routes to this operation (non-empty, not a sibling's name). */
const pathValue = (schema: Schema) => fc.oneof(
  { arbitrary: arbitraryFor(schema).map(text), weight: 4 },
  { arbitrary: hostileValue.map(text), weight: 1 },
).filter((v) => v !== '' && !STATIC_SEGMENTS.has(v) && v !== '.' && v !== '..' && !LONE_SURROGATE.test(v));

function paramsArbitrary(def: RouteDef): fc.Arbitrary<Record<string, string>> {
  const properties = ((def.params as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
  return fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, pathValue(s)])));
}

const locale = fc.oneof({ arbitrary: fc.constantFrom('en', 'es'), weight: 9 }, { arbitrary: fc.constantFrom('xx', 'EN', 'e'), weight: 1 });

/** Extra query keys nobody declared, including the prototype-named ones and a repeated key. */
const queryExtras = fc.array(fc.tuple(fc.constantFrom('unknown', '__proto__', 'constructor', 'prototype', 'mode', 'user_id'), hostileValue.map(text)), { maxLength: 2 });

function queryArbitrary(def: RouteDef): fc.Arbitrary<[string, string][]> {
  const schema = def.query as Schema | undefined;
  const declared = schema
    ? fc.oneof({ arbitrary: arbitraryFor(schema), weight: 3 }, { arbitrary: arbitraryFor(schema, true), weight: 1 })
    : fc.constant({});
  return fc.tuple(declared, fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: queryExtras, weight: 1 }))
    .map(([values, extras]) => {
      const pairs: [string, string][] = [];
      if (values && typeof values === 'object' && !Array.isArray(values)) {
        for (const [k, v] of Object.entries(values)) for (const item of Array.isArray(v) ? v : [v]) pairs.push([k, text(item)]);
      } else {
        pairs.push(['q', text(values)]);
      }
      return [...pairs, ...(extras as [string, string][])];
    });
}

type BodyPart = { payload?: string; contentType?: string };

function bodyArbitrary(def: RouteDef): fc.Arbitrary<BodyPart> {
  const json = (value: unknown): BodyPart => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  const oddEncodings = fc.constantFrom<BodyPart>(
    {},
    { payload: '', contentType: 'application/json' },
    { payload: '{"broken": ', contentType: 'application/json' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: 'hello', contentType: 'text/plain' },
    { payload: '<a/>', contentType: 'application/xml' },
    { payload: '{}', contentType: 'application/json; charset=utf-8' },
    { payload: '{"__proto__": {"polluted": true}}', contentType: 'application/json' },
  );
  if (!def.body) {
    if (def.method === 'GET') return fc.constant({});
    return fc.oneof({ arbitrary: fc.constant({}), weight: 6 }, { arbitrary: oddEncodings, weight: 1 });
  }
  const schema = def.body as Schema;
  return fc.oneof(
    { arbitrary: arbitraryFor(schema).map(json), weight: 5 },
    { arbitrary: arbitraryFor(schema, true).map(json), weight: 3 },
    { arbitrary: oddEncodings, weight: 1 },
  );
}

/** Requests for `def`, without credentials (the test adds them). */
export function requestArbitrary(def: RouteDef): fc.Arbitrary<ContractRequest> {
  return fc.record({ params: paramsArbitrary(def), locale, query: queryArbitrary(def), body: bodyArbitrary(def) })
    .map(({ params, locale: loc, query, body }) => {
      const path = fillPath(routeUrl(def), { ...params, locale: loc });
      const search = new URLSearchParams(query).toString();
      return {
        method: def.method,
        url: search ? `${path}?${search}` : path,
        headers: (body.contentType ? { 'content-type': body.contentType } : {}) as Record<string, string>,
        ...(body.payload !== undefined && { payload: body.payload }),
      };
    });
}

let address = 0;
/** Each request from its own address, so per-address rate limits answer only when a test wants them to. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

export const toInject = (req: ContractRequest, token: string | null): InjectOptions => ({
  method: req.method as InjectOptions['method'],
  url: req.url,
  headers: { ...req.headers, ...(token !== null && { authorization: `Bearer ${token}` }) },
  ...(req.payload !== undefined && { payload: req.payload }),
  remoteAddress: nextAddress(),
});
