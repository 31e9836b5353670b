import type { FastifyServerOptions } from 'fastify';
import { maskedRequestSerializer } from '../http/maskTokens';

/**
 * JSON lines for machines; readable, coloured lines (pino-pretty, in a worker thread) when a person watches a
 * terminal during development. Production always logs JSON, even on a terminal, so log collectors see one format.
 */
export function loggerOptions(
  level: string,
  output: { isTTY: boolean; nodeEnv: string | undefined } = { isTTY: Boolean(process.stdout.isTTY), nodeEnv: process.env.NODE_ENV },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  // Request URLs are logged with reset and verification tokens masked.
  const serializers = { req: maskedRequestSerializer };
  if (!output.isTTY || output.nodeEnv === 'production') return { level, serializers };
  return {
    level,
    serializers,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
  };
}
