import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../platform/db/database';
import { useOpenVerifications } from './emailVerificationsRepository';
import { useOpenResets } from './passwordResetsRepository';

/** A random token for an emailed link (256 bits). */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Only a hash is stored: a database leak does not hand out working links. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Kills every open password-reset and email-verification link of the user. Called, in the same transaction, when
 * the password or the email address changes: a link mailed before belongs to the old state of the account.
 */
export async function revokeEmailedLinks(db: Executor, userId: number, now: number): Promise<void> {
  await useOpenResets(db, userId, now);
  await useOpenVerifications(db, userId, now);
}
