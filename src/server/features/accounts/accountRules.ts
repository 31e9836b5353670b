import { PASSWORD_MIN_LENGTH } from '../../../shared/api/routes/accounts';
import type { UserRow } from './accountsRepository';
import { FieldErrors } from '../../platform/http/fieldErrors';
import type { Locale } from '../../../shared/domain/locales';

/** Emails are compared and stored trimmed and lowercased, so "Ana@X.com " and "ana@x.com" are one account. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isEmail = (email: string) => EMAIL_SHAPE.test(email);

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
    ranking_hidden: Number(row.ranking_hidden) === 1,
  };
}
