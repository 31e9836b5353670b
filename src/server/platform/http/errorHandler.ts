import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { translate, type MessageKey } from '../i18n/messages';
import { AppError } from '../errors/errors';
import { isDatabaseContention } from '../db/database';
import { fieldErrors, type FieldError } from './validation';

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'errors.invalid_request',
  401: 'errors.not_signed_in',
  403: 'errors.not_allowed',
  404: 'errors.not_found',
  413: 'errors.payload_too_large',
  415: 'errors.unsupported_media_type',
  429: 'errors.too_many_requests',
};

/** How soon a call that met another writer's lock may be made again. */
const CONTENTION_RETRY_SECONDS = 1;

/**
 * A route answers only the error statuses it declares (RouteDef.errors, errorStatuses): one it did not declare
 * is a bug in the route table, logged loudly and answered as the nearest declared one (every route declares
 * 400 and 500) so that clients never meet a status the OpenAPI document does not promise.
 */
function declaredStatus(req: FastifyRequest, status: number): number {
  const declared = req.routeOptions?.config?.errorStatuses;
  if (!declared || (declared as readonly number[]).includes(status)) return status;
  req.log.error({ status, route: req.routeOptions.config.routeName }, 'undeclared error status');
  return status >= 500 ? 500 : 400;
}

/**
 * The one error handler: every failure becomes `{ error, errors? }` in the caller's language.
 * Details of 5xx errors are logged, never sent.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const locale = req.locale ?? 'en';
    const tr = (e: FieldError) => translate(locale, e.key, e.vars);
    if (err instanceof AppError) {
      const errors = err.fields
        ? Object.fromEntries(Object.entries(err.fields).map(([f, list]) => [f, list.map(tr)]))
        : undefined;
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(declaredStatus(req, err.status)).send({ error: translate(locale, err.key, err.vars), ...(errors && { errors }) });
    }
    if (isDatabaseContention(err)) {
      // Nothing was written (the transaction rolled back): the caller is told to try again, as when load is shed.
      req.log.warn({ code: (err as { code?: string }).code }, 'database busy: answering 503');
      return reply.status(503).header('retry-after', String(CONTENTION_RETRY_SECONDS)).send({ error: translate(locale, 'errors.overloaded') });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const fields = fieldErrors(fe.validation as never);
      const errors = Object.fromEntries(Object.entries(fields).map(([f, list]) => [f, list.map(tr)]));
      return reply.status(400).send({ error: translate(locale, 'errors.invalid_request'), errors });
    }
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'unhandled error');
    else req.log.info({ code: fe.code, message: fe.message }, 'client error');
    const key = STATUS_KEYS[status] ?? (status === 500 ? 'errors.internal' : 'errors.invalid_request');
    return reply.status(declaredStatus(req, status)).send({ error: translate(locale, key) });
  });
}
