import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { MessageKey } from '../i18n/messages';

/**
 * Bodies are validated strictly (no type coercion, unknown fields rejected); params and query strings
 * arrive as text, so they are coerced to the schema's types.
 */
const base = { allErrors: true, useDefaults: true, removeAdditional: false, strict: false } as const;
/**
 * `format: 'email'` is ajv-formats' full email check on the trimmed text: people paste addresses with spaces
 * around them, and the services trim (and lowercase) every address before using it.
 */
const EMAIL = fullFormats.email as RegExp;
const withFormats = (ajv: Ajv) => addFormats(ajv).addFormat('email', (text: string) => EMAIL.test(text.trim()));
const strictAjv = withFormats(new Ajv({ ...base, coerceTypes: false }));
const coercingAjv = withFormats(new Ajv({ ...base, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strictAjv : coercingAjv).compile(schema) as never;

export interface FieldError { key: MessageKey; vars?: Record<string, string | number> }

/** Ajv errors -> `{ field: [message keys] }` with Rails-style texts ("can't be blank", "is too long (maximum is N characters)"). */
export function fieldErrors(errors: ErrorObject[]): Record<string, FieldError[]> {
  // No prototype: a field named `__proto__` or `constructor` must not reach Object.prototype's members.
  const out: Record<string, FieldError[]> = Object.create(null);
  const add = (field: string, error: FieldError) => {
    const list = (out[field || 'base'] ??= []);
    if (!list.some((e) => e.key === error.key)) list.push(error);
  };
  for (const e of errors) {
    const path = e.instancePath.split('/').filter(Boolean).join('.');
    const p = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case 'required': add(path ? `${path}.${String(p.missingProperty)}` : String(p.missingProperty), { key: 'validation.blank' }); break;
      case 'additionalProperties': add(path ? `${path}.${String(p.additionalProperty)}` : String(p.additionalProperty), { key: 'validation.unknown_field' }); break;
      case 'maxLength': add(path, { key: 'validation.too_long', vars: { count: Number(p.limit) } }); break;
      case 'minLength': add(path, Number(p.limit) === 1 ? { key: 'validation.blank' } : { key: 'validation.too_short', vars: { count: Number(p.limit) } }); break;
      case 'minimum': add(path, { key: 'validation.greater_than_or_equal_to', vars: { count: Number(p.limit) } }); break;
      case 'maximum': add(path, { key: 'validation.less_than_or_equal_to', vars: { count: Number(p.limit) } }); break;
      case 'maxItems': add(path, { key: 'validation.too_many', vars: { count: Number(p.limit) } }); break;
      case 'enum': case 'const': add(path, { key: 'validation.inclusion' }); break;
      case 'format': add(path, p.format === 'email' ? { key: 'validation.email' } : { key: 'validation.invalid' }); break;
      case 'type': add(path, p.type === 'integer' ? { key: 'validation.not_an_integer' } : p.type === 'number' ? { key: 'validation.not_a_number' } : { key: 'validation.invalid' }); break;
      case 'anyOf': case 'oneOf': break; // the branch errors say more
      default: add(path, { key: 'validation.invalid' });
    }
  }
  if (Object.keys(out).length === 0) out.base = [{ key: 'validation.invalid' }];
  return out;
}
