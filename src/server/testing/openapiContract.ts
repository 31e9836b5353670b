import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Judges a response by the OpenAPI document the server publishes, as an external fuzzer would: the status must
 * be documented for the operation, the Content-Type must be a documented media type, and the body must validate
 * against the documented schema for that status (formats included).
 */
type Json = Record<string, any>;
interface DocumentedResponse { description: string; content?: Record<string, { schema: Json }> }
interface DocumentedOperation { operationId: string; responses: Record<string, DocumentedResponse> }

/** OpenAPI 3.0 schema -> JSON Schema: `nullable: true` becomes "or null"; `$ref`s into components are inlined. */
function toJsonSchema(schema: unknown, doc: Json): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, doc));
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Json;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref.slice(2).split('/').reduce((at: Json, key: string) => at?.[key], doc);
    return toJsonSchema(target, doc);
  }
  const { nullable, ...rest } = node;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, k === 'enum' || k === 'required' ? v : toJsonSchema(v, doc)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

export class OpenApiContract {
  private readonly operations = new Map<string, DocumentedOperation>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly ajv = addFormats(new Ajv({ strict: false, allErrors: true }));

  constructor(private readonly doc: Json) {
    for (const methods of Object.values(doc.paths as Record<string, Record<string, DocumentedOperation>>)) {
      for (const op of Object.values(methods)) this.operations.set(op.operationId, op);
    }
  }

  operation(operationId: string): DocumentedOperation | undefined { return this.operations.get(operationId); }

  /** What is wrong with `res` as an answer of the operation, or null when it is as documented. */
  problem(operationId: string, res: LightMyRequestResponse): string | null {
    const op = this.operations.get(operationId);
    if (!op) return `operation ${operationId} is not documented`;
    const documented = op.responses[String(res.statusCode)];
    if (!documented) return `status ${res.statusCode} is not documented (documented: ${Object.keys(op.responses).join(', ')})`;
    const mediaTypes = Object.keys(documented.content ?? {});
    if (mediaTypes.length === 0) return res.body === '' ? null : `status ${res.statusCode} is documented without a body`;
    const contentType = String(res.headers['content-type'] ?? '');
    const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
    if (!mediaTypes.includes(mediaType)) return `Content-Type "${contentType}" is not documented (${mediaTypes.join(', ')})`;
    // A documented non-JSON answer (the live streams' text/event-stream) is checked by its media type only.
    if (!mediaType.includes('json')) return null;
    let body: unknown;
    try { body = JSON.parse(res.body); } catch { return `body is not JSON: ${res.body.slice(0, 100)}`; }
    const key = `${operationId} ${res.statusCode} ${mediaType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(documented.content![mediaType]!.schema, this.doc) as Json);
      this.validators.set(key, validate);
    }
    if (validate(body)) return null;
    return `body does not match the documented schema: ${this.ajv.errorsText(validate.errors)}`;
  }
}
