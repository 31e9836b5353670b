import { accountRoutes } from '../../../shared/api/routes/accounts';
import type { UserDataSection } from '../../domain/userData/userDataSection';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { clientAddress } from '../../platform/http/clientAddress';
import { sendToken } from '../../platform/sessions/sessions';
import { deleteAccount, signIn, signOut, signUp, updateAccount } from './accountsService';
import { insertClientLog } from './clientLogRepository';
import { sendContactMessage } from './contactService';
import { resendVerification, verifyEmail } from './emailVerificationService';
import { requestPasswordReset, resetPassword } from './passwordResetService';

/** `userData`: every feature's section, which account deletion forgets (app.ts gathers them). */
export function accountHandlers(deps: AppDeps, userData: readonly UserDataSection[]): RouteHandlers<typeof accountRoutes> {
  return {
    signIn: async ({ body, req, reply }) => {
      const signedIn = await signIn(deps, body.api_v1_user, clientAddress(req));
      sendToken(reply, signedIn.token);
      return signedIn;
    },
    signUp: async ({ body, req, reply }) => {
      const signedIn = await signUp(deps, body.api_v1_user, req.locale, body.next);
      sendToken(reply, signedIn.token);
      return signedIn;
    },
    updateAccount: async ({ body, user, req }) => updateAccount(deps, user, body.api_v1_user, clientAddress(req)),
    deleteAccount: async ({ body, user, req }) => {
      await deleteAccount(deps, user, body.api_v1_user.current_password, clientAddress(req), userData);
      return { message: req.t('success.account_deleted') };
    },
    signOut: async ({ user, req }) => {
      await signOut(deps, user);
      return { message: req.t('success.signed_out') };
    },
    requestPasswordReset: async ({ body, req }) => {
      await requestPasswordReset(deps, { email: body.api_v1_user.email, origin: body.origin });
      return { message: req.t('success.password_reset_sent') };
    },
    resetPassword: async ({ body, reply }) => {
      const signedIn = await resetPassword(deps, body.api_v1_user);
      sendToken(reply, signedIn.token);
      return signedIn;
    },
    verifyEmail: async ({ body, req }) => {
      const outcome = await verifyEmail(deps, body.token);
      return outcome === 'already'
        ? { message: req.t('success.email_already_verified'), already_verified: true }
        : { message: req.t('success.email_verified'), already_verified: false };
    },
    resendVerification: async ({ user, req }) => {
      await resendVerification(deps, user, clientAddress(req));
      return { message: req.t('success.verification_sent') };
    },
    clientLog: async ({ body, user, req }) => {
      await insertClientLog(deps.db, {
        user_id: user?.id ?? null, status: body.status ?? null, code: body.code ?? null, message: body.message ?? null,
        data: body.data, headers: body.headers, now: deps.clock.now(),
      });
      return { message: req.t('success.logged') };
    },
    contact: async ({ body, req }) => {
      await sendContactMessage(deps, body);
      return { message: req.t('success.message_sent') };
    },
  };
}
