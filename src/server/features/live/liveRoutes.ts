import type { FastifyInstance } from 'fastify';
import { liveRoutes } from '../../../shared/api/routes/live';
import type { AppDeps } from '../../platform/deps';
import { clientAddress } from '../../platform/http/clientAddress';
import { retryLater } from '../../platform/errors/errors';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { createLiveHub, type LiveHub } from './liveHub';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';

const EVENT_ID = /^\d{1,15}$/;

/**
 * GET /api/v1/:locale/live/:league_id: who may read a league's table may follow it live (members, global admins),
 * within the limits on opens per minute (per user and client address, 429) and the caps of open streams
 * (streamCaps.ts). Streams end cleanly when the app closes (SIGTERM), before Fastify waits for requests in flight.
 */
export function installLiveRoutes(app: FastifyInstance, deps: AppDeps): LiveHub {
  const hub = createLiveHub(deps);
  const settings = deps.config.live;
  // Stream opens per minute, per user and per client address (each open may replay events and build a table).
  const limits = [
    app.createRateLimit({ max: settings.opensPerMinutePerUser, timeWindow: 60_000, keyGenerator: (req) => `live-user:${req.user!.id}` }),
    app.createRateLimit({ max: settings.opensPerMinutePerAddress, timeWindow: 60_000, keyGenerator: (req) => `live-address:${clientAddress(req)}` }),
  ];
  registerRoutes(app, liveRoutes, {
    leagueLive: async ({ params, user, req, reply }) => {
      for (const limit of limits) {
        const taken = await limit(req);
        if (!taken.isAllowed && taken.isExceeded) throw retryLater(429, 'errors.too_many_requests', taken.ttlInSeconds);
      }
      const league = await requireLeagueAccess(deps.db, params.league_id, user);
      const header = String(req.headers['last-event-id'] ?? '').trim();
      const lastEventId = EVENT_ID.test(header) ? Number(header) : null;
      await hub.open(reply, {
        userId: user.id, sessionId: user.sessionId, isAdmin: user.is_admin, address: clientAddress(req), leagueId: league.id, competitionId: league.competition_id, locale: user.locale,
      }, lastEventId);
      return reply as never;
    },
  });
  app.addHook('preClose', async () => { await hub.close(); });
  return hub;
}
