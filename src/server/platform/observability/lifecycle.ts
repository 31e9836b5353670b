import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Shared by the app and main.ts: once shutting down, /readyz sends traffic elsewhere. */
export interface Lifecycle {
  shuttingDown: boolean;
  /** Ends the connections that have not sent a request yet (the shutdown calls it as it starts closing). */
  closeUnusedConnections(): void;
}

/**
 * The app's lifecycle flag, and what it changes on the wire: once shutting down, every response says
 * `Connection: close`. Fastify closes idle keep-alive connections when it starts closing, but a connection busy
 * at that moment would otherwise stay open after its answer (for the 72 s keep-alive) and hold the shutdown up.
 * Neither Fastify nor Node closes a connection that has not sent a request yet (a browser opens some ahead of
 * need): those are tracked here, so the shutdown can end them instead of waiting for its deadline.
 */
export function installLifecycle(app: FastifyInstance): Lifecycle {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  const lifecycle: Lifecycle = {
    shuttingDown: false,
    closeUnusedConnections() {
      for (const socket of unused) socket.destroy();
      unused.clear();
    },
  };
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (lifecycle.shuttingDown) reply.header('connection', 'close');
    done(null, payload);
  });
  return lifecycle;
}
