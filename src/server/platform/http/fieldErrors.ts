import type { MessageKey } from '../i18n/messages';
import { AppError } from '../errors/errors';

/** Collects per-field problems and throws them together, as schema validation does. */
export class FieldErrors {
  private readonly fields: Record<string, { key: MessageKey; vars?: Record<string, string | number> }[]> = {};
  add(field: string, key: MessageKey, vars?: Record<string, string | number>): void {
    (this.fields[field] ??= []).push({ key, vars });
  }
  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) throw new AppError(400, 'errors.invalid_request', {}, this.fields);
  }
}
