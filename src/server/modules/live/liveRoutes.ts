import type { FastifyInstance } from 'fastify';
import { liveRoutes } from '../../../shared/api/routes/live';
import type { AppDeps } from '../../deps';
import { retryLater } from '../../http/errors';
import { registerRoutes } from '../../http/registerRoutes';
import { requireLeagueAccess } from '../resultBets/resultBetsService';
import { createLiveHub, type LiveHub } from './liveHub';

/** Seconds a refused client waits before asking again. */
const RETRY_AFTER_SECONDS = 30;
const EVENT_ID = /^\d{1,15}$/;

/**
 * GET /api/v1/:locale/live/:league_id: who may read a league's table may follow it live (members, global admins),
 * up to the per-user cap of streams in this process. Streams end cleanly when the app closes (SIGTERM), before
 * Fastify waits for requests in flight.
 */
export function installLiveRoutes(app: FastifyInstance, deps: AppDeps): LiveHub {
  const hub = createLiveHub(deps);
  registerRoutes(app, liveRoutes, {
    leagueLive: async ({ params, user, req, reply }) => {
      const league = await requireLeagueAccess(deps.db, params.league_id, user);
      if (hub.isClosing) throw retryLater(503, 'errors.shutting_down', RETRY_AFTER_SECONDS);
      if (!hub.hasRoomFor(user.id)) throw retryLater(429, 'errors.live_too_many_streams', RETRY_AFTER_SECONDS);
      const header = String(req.headers['last-event-id'] ?? '').trim();
      const lastEventId = EVENT_ID.test(header) ? Number(header) : null;
      await hub.open(reply, {
        userId: user.id, isAdmin: user.is_admin, leagueId: league.id, competitionId: league.competition_id, locale: user.locale,
      }, lastEventId);
      return reply as never;
    },
  });
  app.addHook('preClose', async () => { await hub.close(); });
  return hub;
}
