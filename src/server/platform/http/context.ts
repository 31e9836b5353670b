import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Translate } from '../i18n/messages';
import type { Locale } from '../../../shared/domain/locales';
import type { TokenScope } from '../../../shared/api/route';

/** The signed-in caller, resolved once per request from the bearer token. */
export interface AuthUser {
  id: number; name: string; email: string; is_admin: boolean; locale: Locale; sessionId: string;
  /** Whether the current address has been confirmed through a verification link. */
  email_verified: boolean;
  /** Whether the user wants reminder emails (users/index). */
  email_reminders: boolean;
  /** Whether the user opted out of the overall rankings (users/index, so the account form shows the choice). */
  ranking_hidden: boolean;
  /** Set when the caller authenticated with a personal API token (then `sessionId` is empty); absent for a session. */
  token?: { id: number; scope: TokenScope };
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
    user: AuthUser | null;
  }
}

export type { FastifyReply, FastifyRequest };

declare module 'fastify' {
  interface FastifyContextConfig {
    routeName?: string;
    access?: import('../../../shared/api/route').Access;
    /** Every error status the route may answer (errorStatuses): the error handler answers no other. */
    errorStatuses?: readonly import('../../../shared/api/route').ErrorStatus[];
  }
}
