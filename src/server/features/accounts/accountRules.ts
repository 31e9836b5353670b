import { PASSWORD_MIN_LENGTH } from '../../../shared/api/routes/accounts';
import type { Locale } from '../../../shared/api/route';
import { AppError } from '../../platform/http/errors';
import type { MessageKey } from '../../platform/i18n/messages';
import type { UserRow } from './accountsRepository';

/** Emails are compared and stored trimmed and lowercased, so "Ana@X.com " and "ana@x.com" are one account. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (email: string) => EMAIL_SHAPE.test(email);

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

/** Checks a new password (and its confirmation, when given) into `errors`. */
export function checkNewPassword(errors: FieldErrors, password: string, confirmation: string | undefined): void {
  if (password.length < PASSWORD_MIN_LENGTH) errors.add('password', 'validation.min_chars', { count: PASSWORD_MIN_LENGTH });
  if (confirmation !== undefined && confirmation !== password) errors.add('password_confirmation', 'validation.confirmation');
}

/** A trimmed, non-blank name, or an error on `name`. */
export function checkName(errors: FieldErrors, name: string): string {
  const trimmed = name.trim();
  if (!trimmed) errors.add('name', 'validation.blank');
  return trimmed;
}

export function checkEmail(errors: FieldErrors, email: string): string {
  const normalised = normaliseEmail(email);
  if (!normalised) errors.add('email', 'validation.blank');
  else if (!isEmail(normalised)) errors.add('email', 'validation.invalid');
  return normalised;
}

/** A user row as the account calls answer it. */
export function toAccountUser(row: UserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_admin: row.is_admin === 1,
    email_verified: row.email_verified === 1,
    email_reminders: row.email_reminders === 1,
    locale: (row.locale === 'es' ? 'es' : 'en') as Locale,
  };
}
