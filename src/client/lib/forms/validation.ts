import type { TFunction } from 'i18next';

import { PASSWORD_MIN_LENGTH } from '../../../shared/api/routes/accounts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Errors = Record<string, string | undefined>;

/** Client-side checks that spare a round trip; the server checks again and its messages are shown the same way. */
export function checkAccount(
  t: TFunction,
  values: { name?: string; email?: string; password?: string; password_confirmation?: string; current_password?: string },
  required: { name?: boolean; email?: boolean; password?: boolean; current_password?: boolean },
): Errors {
  const errors: Errors = {};
  if (required.name && !values.name?.trim()) errors.name = t('validation.blank');
  if (required.email && !values.email?.trim()) errors.email = t('validation.blank');
  else if (values.email && !EMAIL.test(values.email.trim())) errors.email = t('validation.invalid');
  if (required.password && !values.password) errors.password = t('validation.blank');
  else if (values.password && values.password.length < PASSWORD_MIN_LENGTH) errors.password = t('validation.min_chars', { count: PASSWORD_MIN_LENGTH });
  if (values.password_confirmation !== undefined && values.password && values.password !== values.password_confirmation) {
    errors.password_confirmation = t('validation.confirmation');
  }
  if (required.current_password && !values.current_password) errors.current_password = t('validation.blank');
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v));
}
