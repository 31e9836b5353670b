import type { FastifyRequest } from 'fastify';

// A query parameter whose name ends in "token" (`token`, `reset_password_token`): its value is a secret.
const TOKEN_PARAMETER = /([?&][\w-]*token=)[^&\s#"'<>]+/gi;

/**
 * Masks the values of token parameters in URLs within `text`, so password-reset and verification links never reach
 * the logs: `...?reset_password_token=abc` becomes `...?reset_password_token=[masked]`.
 */
export function maskTokens(text: string): string {
  return text.replace(TOKEN_PARAMETER, '$1[masked]');
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
