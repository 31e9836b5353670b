import { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppMetrics } from './metrics';

/** Routes for orchestrators and monitoring, outside the API prefix. */
const OPERATIONS_PATHS = ['/livez', '/readyz', '/metrics'];

/**
 * The route label of a request: its pattern (`/api/v1/:locale/leagues/:id`, never the raw URL, so the number of
 * series stays bounded), `unmatched` for unknown API paths, and `static` for the client's files and pages.
 */
function routeLabel(req: FastifyRequest): string {
  const pattern = req.routeOptions.url;
  if (pattern && (pattern.startsWith('/api/') || OPERATIONS_PATHS.includes(pattern))) return pattern;
  return req.url.startsWith('/api/') ? 'unmatched' : 'static';
}

/** Fastify's own request lines are off: it logs two per request, static files and health probes included. */
export const quietRequestLogs = () => new LogController({ disableRequestLogging: true });

/**
 * One hook measures every request and logs one line per API call (see quietRequestLogs). Outside the API only
 * failures are logged.
 */
export function installHttpObservation(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = routeLabel(req);
    metrics.observeRequest({ method: req.method, route, status: reply.statusCode }, reply.elapsedTime / 1000);
    if (route.startsWith('/api/') || route === 'unmatched' || reply.statusCode >= 400) {
      req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
    done();
  });
}
