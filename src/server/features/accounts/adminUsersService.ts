import type { Static } from 'typebox';
import type { AdminUser } from '../../../shared/api/routes/adminUsers';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors/errors';
import { disableAccount, enableAccount, setGlobalAdmin } from './accountAdministration';
import { sendFreshVerification } from './emailVerificationService';
import { requestPasswordReset } from './passwordResetService';
import { requireAnotherAdmin } from './lastAdmin';
import { recordAdminAction } from '../../platform/audit/auditLog';
import { bumpCalendarGeneration } from '../../domain/calendar/calendarGenerations';
import { forgetCalendarUrl } from '../../domain/calendar/calendarAddress';
import { findAdminUser, leaguesOfUsers, lockAdminSet, searchUsers, type AdminUserRow } from './adminUsersRepository';

type AdminUserView = Static<typeof AdminUser>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toAdminUser(row: AdminUserRow, leagues: { id: number; name: string }[]): AdminUserView {
  return {
    id: row.id, name: row.name, email: row.email, is_admin: row.is_admin === 1, email_verified: row.email_verified === 1,
    disabled: row.disabled_at !== null, disabled_at: iso(row.disabled_at), last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at)!, leagues,
  };
}

export async function findUsers(deps: Pick<AppDeps, 'db'>, filter: { search?: string; limit: number; offset: number }) {
  const { rows, total } = await searchUsers(deps.db, filter);
  const leagues = await leaguesOfUsers(deps.db, rows.map((row) => row.id));
  return { users: rows.map((row) => toAdminUser(row, leagues.get(row.id) ?? [])), total };
}

async function adminUser(deps: Pick<AppDeps, 'db'>, id: number): Promise<AdminUserView> {
  const row = await findAdminUser(deps.db, id);
  if (!row) throw notFound('errors.user_not_found');
  return toAdminUser(row, (await leaguesOfUsers(deps.db, [id])).get(id) ?? []);
}

async function requireUser(db: Executor, id: number): Promise<AdminUserRow> {
  const row = await findAdminUser(db, id);
  if (!row) throw notFound('errors.user_not_found');
  return row;
}

/**
 * One change to an account in one transaction with its audit entry. Changes that may shrink the set of enabled
 * admins take the admin-set lock first and then check that one other enabled admin remains.
 */
async function changeAccount(
  deps: AppDeps, adminId: number, userId: number, action: string,
  change: (trx: Executor, user: AdminUserRow, now: number) => Promise<boolean>,
): Promise<AdminUserView> {
  await deps.db.transaction().execute(async (trx) => {
    await lockAdminSet(trx, deps.dialect);
    const user = await requireUser(trx, userId);
    const now = deps.clock.now();
    // A change that changes nothing (disabling a disabled account) succeeds without an audit entry.
    if (await change(trx, user, now)) await recordAdminAction(trx, { adminId, action, entity: 'user', entityId: userId, now });
  });
  return adminUser(deps, userId);
}

export function disableUser(deps: AppDeps, adminId: number, userId: number) {
  return changeAccount(deps, adminId, userId, 'disable_user', async (trx, user, now) => {
    if (user.id === adminId) throw conflict('errors.cannot_disable_self');
    if (user.disabled_at !== null) return false;
    await requireAnotherAdmin(trx, user);
    await disableAccount(trx, deps.sessions, user.id, now);
    return true;
  });
}

/** Re-enabling gives the account a new calendar address: the one known while it was disabled stays dead. */
export async function enableUser(deps: AppDeps, adminId: number, userId: number) {
  const view = await changeAccount(deps, adminId, userId, 'enable_user', async (trx, user, now) => {
    if (user.disabled_at === null) return false;
    await enableAccount(trx, deps.sessions, user.id, now);
    await bumpCalendarGeneration(trx, user.id, now);
    return true;
  });
  forgetCalendarUrl(deps, userId);
  return view;
}

export function setAdmin(deps: AppDeps, adminId: number, userId: number, admin: boolean) {
  return changeAccount(deps, adminId, userId, admin ? 'grant_admin' : 'revoke_admin', async (trx, user, now) => {
    if ((user.is_admin === 1) === admin) return false;
    if (!admin) await requireAnotherAdmin(trx, user);
    await setGlobalAdmin(trx, deps.sessions, user.id, admin, now);
    return true;
  });
}

/** A fresh verification link (the older ones stop working); 409 when the address is already verified. */
export async function resendUserVerification(deps: AppDeps, adminId: number, userId: number): Promise<AdminUserView> {
  const user = await requireUser(deps.db, userId);
  if (user.email_verified === 1) throw conflict('errors.email_already_verified');
  if (user.disabled_at !== null) throw conflict('errors.user_disabled');
  await sendFreshVerification(deps, user, (trx) =>
    recordAdminAction(trx, { adminId, action: 'resend_verification', entity: 'user', entityId: userId, now: deps.clock.now() }));
  return adminUser(deps, userId);
}

/** A password-reset link to the user's address (the link lands on the app's origin); 409 for a disabled account. */
export async function sendUserPasswordReset(deps: AppDeps, adminId: number, userId: number): Promise<AdminUserView> {
  const user = await requireUser(deps.db, userId);
  if (user.disabled_at !== null) throw conflict('errors.user_disabled');
  await requestPasswordReset(deps, { email: user.email }, (trx) =>
    recordAdminAction(trx, { adminId, action: 'send_password_reset', entity: 'user', entityId: userId, now: deps.clock.now() }));
  return adminUser(deps, userId);
}
