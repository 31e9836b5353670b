import type { MessageKey } from '../i18n/messages';

/**
 * The one error type of the server: a catalogue key (translated by the error handler into the caller's
 * language), an HTTP status, and optional per-field validation messages.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
    readonly fields?: Record<string, { key: MessageKey; vars?: Record<string, string | number> }[]>,
  ) {
    super(key);
  }

  /** Seconds the caller should wait before trying again (429 and 503), sent as `Retry-After`. */
  retryAfterSeconds?: number;
}

/** A 429 or 503 that tells the caller when to come back. */
export function retryLater(status: 429 | 503, key: MessageKey, retryAfterSeconds: number): AppError {
  const error = new AppError(status, key);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

export const badRequest = (key: MessageKey = 'errors.invalid_request', vars?: Record<string, string | number>) => new AppError(400, key, vars);
export const unauthorized = (key: MessageKey = 'errors.not_signed_in') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'errors.not_allowed') => new AppError(403, key);
export const notFound = (key: MessageKey = 'errors.not_found') => new AppError(404, key);
export const conflict = (key: MessageKey) => new AppError(409, key);
/** A single invalid field, answered like schema validation errors. */
export const invalidField = (field: string, key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError(400, 'errors.invalid_request', {}, { [field]: [{ key, vars }] });
