import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/**
 * The account itself and its sign-in traces. The export shows the account without its password hash and each
 * session by its times only (a session's id is its token's hash). Forgetting removes emailed links and limits counted
 * for the account, and blanks the address in the mail log; the user row and its sessions go last, with the deletion
 * (deleteUser, which also drops the cached sessions in every process).
 */
export const accountsUserData: UserDataSection = {
  name: 'account',
  async collect(db, userId) {
    const user = await db.selectFrom('users')
      .select(['id', 'name', 'email', 'locale', 'is_admin', 'email_reminders', 'email_verified', 'ranking_hidden', 'created_at', 'updated_at', 'last_sign_in_at'])
      .where('id', '=', userId).executeTakeFirst();
    const sessions = await db.selectFrom('sessions').select(['created_at', 'expires_at'])
      .where('user_id', '=', userId).orderBy('created_at').execute();
    if (!user) return null;
    return {
      id: Number(user.id), name: user.name, email: user.email, locale: user.locale, is_admin: Number(user.is_admin) === 1,
      email_reminders: Number(user.email_reminders) === 1, email_verified: Number(user.email_verified) === 1,
      ranking_hidden: Number(user.ranking_hidden) === 1,
      created_at: isoTime(user.created_at), updated_at: isoTime(user.updated_at), last_sign_in_at: isoTime(user.last_sign_in_at),
      sessions: sessions.map((s) => ({ created_at: isoTime(s.created_at), expires_at: isoTime(s.expires_at) })),
    };
  },
  async forget(trx, userId) {
    const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    await trx.deleteFrom('rate_limit_hits').where('subject', '=', `user:${userId}`).execute();
    await trx.updateTable('client_logs').set({ user_id: null }).where('user_id', '=', userId).execute();
    await trx.updateTable('audit_log').set({ actor_id: null }).where('actor_id', '=', userId).execute();
    // An admin's action on this account stays recorded, without saying whose account it was.
    await trx.updateTable('audit_log').set({ entity_id: null, details: null }).where('entity', '=', 'user').where('entity_id', '=', userId).execute();
    await trx.updateTable('process_runs').set({ started_by: null }).where('started_by', '=', userId).execute();
    if (!user) return;
    await trx.deleteFrom('sign_in_failures').where('email', '=', user.email).execute();
    await trx.deleteFrom('mail_outbox').where('to_address', '=', user.email).execute();
    await trx.updateTable('mail_log').set({ to_address: 'deleted user' }).where('to_address', '=', user.email).execute();
  },
};
