import type { FastifyInstance } from 'fastify';
import { liveRoutes } from '../../../shared/api/routes/live';
import type { AppDeps } from '../../platform/deps';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { createLiveHub, type LiveHub } from './liveHub';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';

const EVENT_ID = /^\d{1,15}$/;

/**
 * GET /api/v1/:locale/live/:league_id: who may read a league's table may follow it live (members, global admins),
 * within the caps of streams per user and per process (liveHub.ts). Streams end cleanly when the app closes
 * (SIGTERM), before Fastify waits for requests in flight.
 */
export function installLiveRoutes(app: FastifyInstance, deps: AppDeps): LiveHub {
  const hub = createLiveHub(deps);
  registerRoutes(app, liveRoutes, {
    leagueLive: async ({ params, user, req, reply }) => {
      const league = await requireLeagueAccess(deps.db, params.league_id, user);
      const header = String(req.headers['last-event-id'] ?? '').trim();
      const lastEventId = EVENT_ID.test(header) ? Number(header) : null;
      await hub.open(reply, {
        userId: user.id, sessionId: user.sessionId, isAdmin: user.is_admin, leagueId: league.id, competitionId: league.competition_id, locale: user.locale,
      }, lastEventId);
      return reply as never;
    },
  });
  app.addHook('preClose', async () => { await hub.close(); });
  return hub;
}
