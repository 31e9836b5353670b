import fc from 'fast-check';

/**
 * fast-check arbitraries built from the JSON schemas of the route table (TypeBox emits plain JSON Schema), the way
 * an OpenAPI fuzzer builds requests: values the schema accepts, and "hostile" ones that break it somewhere
 * (wrong types, bounds, unknown or missing fields, odd text). Only the keywords the route table uses are read.
 */
type Schema = Record<string, any>;

/** Ids that exist in a seeded world are small: favour them so requests reach the services, not only 404s. */
const smallId = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 3 }), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 60 }), weight: 2 });

/** Text that has broken servers before: blanks, NUL, unicode beyond the BMP, lone surrogates, SQL and HTML. */
const oddText = fc.constantFrom(
  '', ' ', '\u0000', 'a\u0000b', '💥⚽️', 'ñandú Ç', '\ud800', "'; DROP TABLE users; --", '<script>x</script>', '%00', '../..',
  'null', 'true', '0', '-1', '1e400', 'NaN', '__proto__', 'constructor', 'x'.repeat(5000),
);

/** Any value of any type, for a place that expects something else. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 2_147_483_648, 9_007_199_254_740_993, 1e308, -1e308, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);

function integerArb(s: Schema): fc.Arbitrary<number> {
  const min = typeof s.minimum === 'number' ? s.minimum : -1_000_000;
  const max = typeof s.maximum === 'number' ? s.maximum : 1_000_000;
  const any = fc.integer({ min, max });
  return min >= 1 && max > 1000 ? fc.oneof({ arbitrary: smallId, weight: 4 }, { arbitrary: any, weight: 1 }) : any;
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 60, Math.max(minLength, 60));
  if (s.format === 'date-time') {
    return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2032-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254));
  if (s.format === 'uri' || (typeof s.pattern === 'string' && s.pattern.startsWith('^https://'))) {
    return fc.webUrl({ validSchemes: ['https'] }).filter((u) => u.length <= (s.maxLength ?? 1000));
  }
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern)).filter((t) => t.length >= minLength && t.length <= maxLength);
  // Schema-valid text is not only ASCII: any code point (NUL included) and the odd strings above, when they fit.
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }), weight: 1 },
    { arbitrary: oddText.filter((t) => [...t].length >= minLength && [...t].length <= (s.maxLength ?? Infinity)), weight: 1 },
  );
}

function objectArb(s: Schema, hostile: boolean): fc.Arbitrary<Record<string, unknown>> {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(s.required ?? []);
  const model = Object.fromEntries(Object.entries(properties).map(([k, child]) => [k, arbitraryFor(child, hostile)]));
  const record = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) }) as fc.Arbitrary<Record<string, unknown>>;
  if (s.patternProperties) {
    const [valueSchema] = Object.values(s.patternProperties as Record<string, Schema>);
    return fc.dictionary(fc.string({ maxLength: 10 }), arbitraryFor(valueSchema ?? {}, hostile), { maxKeys: 4 });
  }
  if (!hostile) return record;
  // Hostile objects may lose a required field or gain one nobody asked for.
  return fc.tuple(record, fc.option(fc.constantFrom(...required, '__none__'), { nil: undefined }), fc.option(fc.constantFrom('unknown_field', '__proto__', 'constructor', 'prototype'), { nil: undefined }), hostileValue)
    .map(([value, drop, extra, extraValue]) => {
      const copy: Record<string, unknown> = { ...value };
      if (drop) delete copy[drop];
      if (extra) Object.defineProperty(copy, extra, { value: extraValue, enumerable: true, writable: true, configurable: true });
      return copy;
    });
}

/** Values for `schema`; with `hostile`, any node may be replaced by a value of the wrong kind. */
export function arbitraryFor(schema: Schema, hostile = false): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, hostile);
  return hostile ? fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: hostileValue, weight: 1 }) : valid;
}

function validArbitrary(s: Schema, hostile: boolean): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...(s.anyOf as Schema[]).map((branch) => arbitraryFor(branch, hostile)));
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => arbitraryFor({ ...s, type }, hostile)));
  switch (s.type) {
    case 'integer': return integerArb(s);
    case 'number': return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'string': return stringArb(s);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': return fc.array(arbitraryFor(s.items ?? {}, hostile), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object': return objectArb(s, hostile);
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}
