import type { FastifyInstance } from 'fastify';

/** Shared by the app and main.ts: once shutting down, /readyz sends traffic elsewhere. */
export interface Lifecycle { shuttingDown: boolean }

/**
 * The app's lifecycle flag, and what it changes on the wire: once shutting down, every response says
 * `Connection: close`. Fastify closes idle keep-alive connections when it starts closing, but a connection busy
 * at that moment would otherwise stay open after its answer (for the 72 s keep-alive) and hold the shutdown up.
 */
export function installLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle: Lifecycle = { shuttingDown: false };
  app.addHook('onSend', async (_req, reply, payload) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    return payload;
  });
  return lifecycle;
}
