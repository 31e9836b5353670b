import Fastify, { type FastifyInstance } from 'fastify';
import type { AppMetrics } from './metrics';

/**
 * METRICS_PORT: GET /metrics on a listener of its own, on METRICS_HOST (127.0.0.1 by default), so that monitoring
 * on the machine (or its private network) reads the metrics without a token while the app's public port does not
 * serve them. Answers nothing else.
 */
export async function listenForMetrics(metrics: AppMetrics, host: string, port: number): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_req, reply) => {
    const { contentType, text } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
  await server.listen({ host, port });
  return server;
}
