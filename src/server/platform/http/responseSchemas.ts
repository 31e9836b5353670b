import { ApiError, ERROR_DESCRIPTIONS, errorStatuses } from '../../../shared/api/errorResponses';
import type { ErrorStatus, RouteDef } from '../../../shared/api/route';
import { tokenScopeNote } from '../../../shared/api/tokenScopes';

type JsonSchema = Record<string, unknown>;

/**
 * A copy of a response schema in which every object lists all its fields: the serialiser drops anything a
 * handler returns beyond the declared properties, so `additionalProperties: false` is what clients really get.
 * Maps (objects with patternProperties) and free-form values (`{}`) stay open.
 */
function closedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedObjects);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'properties' || key === 'patternProperties') {
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, child]) => [name, closedObjects(child)]));
    } else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'additionalProperties') {
      out[key] = closedObjects(value);
    } else {
      out[key] = value;
    }
  }
  if (out.type === 'object' && out.properties && !('additionalProperties' in out) && !('patternProperties' in out)) {
    out.additionalProperties = false;
  }
  return out;
}

const RETRY_AFTER = { 'retry-after': { type: 'integer', minimum: 0, description: 'Seconds to wait before calling again' } };

/** The shared error body under each of `statuses`, as the OpenAPI document shows it (and the serialiser writes it). */
export function errorResponseSchemas(statuses: readonly ErrorStatus[]): Record<number, JsonSchema> {
  const out: Record<number, JsonSchema> = {};
  for (const status of statuses) {
    out[status] = {
      description: ERROR_DESCRIPTIONS[status],
      ...(closedObjects(ApiError) as JsonSchema),
      ...((status === 429 || status === 503) && { headers: RETRY_AFTER }),
    };
  }
  return out;
}

/** The documented responses of a route: its answer under 200, and the shared error body under each error status it can answer. */
function responseSchemas(def: RouteDef): Record<number, JsonSchema> {
  return {
    200: def.contentType
      ? { description: 'OK', content: { [def.contentType]: { schema: def.response } } }
      : { description: 'OK', ...(closedObjects(def.response) as JsonSchema) },
    ...errorResponseSchemas(errorStatuses(def)),
  };
}

/**
 * A route's schema as the OpenAPI document shows it: every response it can give, the bearer token unless public, and
 * personal API tokens where a signed-in route accepts them (with the scope it needs, also noted on public routes).
 */
export function documentedSchema(def: RouteDef, schema: object): object {
  const note = tokenScopeNote(def);
  const security = [
    ...(def.access !== 'public' ? [{ bearerAuth: [] }] : []),
    ...(note && def.access !== 'public' ? [{ personalToken: [] }] : []),
  ];
  return {
    ...schema, response: responseSchemas(def),
    ...(security.length > 0 && { security }),
    ...(note && { description: note }),
  };
}
