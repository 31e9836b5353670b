import Type, { type Static, type TSchema } from 'typebox';

/** Small schema builders used across the route table. */
const PRIMITIVES = ['string', 'integer', 'number', 'boolean'];
/**
 * `T | null`. Primitives become `type: [T, 'null']` rather than an anyOf: same validation, but Fastify's
 * serialiser compiles it to a plain check instead of trying each branch on every value.
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string' && PRIMITIVES.includes(type)) {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
  }
  return Type.Union([schema, Type.Null()]);
};
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export const Strict = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
/** Dates travel as ISO 8601 strings (UTC). */
export const Timestamp = Type.String({ format: 'date-time' });
export const Message = Type.Object({ message: Type.String() });
export const Mode = Type.Integer({ minimum: 0, maximum: 1 });
