import type { FastifyRequest } from 'fastify';

// A query parameter whose name ends in "token" (`token`, `reset_password_token`): its value is a secret.
const TOKEN_PARAMETER = /([?&][\w-]*token=)[^&\s#"'<>]+/gi;
// Addresses whose last path segment is the credential: a calendar feed, a league's share or invitation link, also
// URL-encoded as the `next` of a verification link.
const TOKEN_SEGMENT = /(\/calendar\/|\/leagues\/join\/\d+\/|%2Fleagues%2Fjoin%2F\d+%2F)[^/?#&%\s"'<>]+/gi;

/**
 * Masks the secrets of URLs within `text`, so links that let their holder in never reach the logs: token
 * parameters (`...?reset_password_token=abc` becomes `...?reset_password_token=[masked]`), calendar feeds
 * (`/calendar/[masked]`) and league join links (`/leagues/join/12/[masked]`).
 */
export function maskTokens(text: string): string {
  return text.replace(TOKEN_PARAMETER, '$1[masked]').replace(TOKEN_SEGMENT, '$1[masked]');
}

/** Fastify's request log fields, with token parameters masked in the URL (a link opened lands on a client page). */
export function maskedRequestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: maskTokens(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
