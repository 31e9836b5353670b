import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { calendarRoutes } from '../../../shared/api/routes/calendar';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { regenerateCalendarUrl } from '../../domain/calendar/calendarAddress';
import { calendarFeed } from './calendarService';
import { errorResponseSchemas } from '../../platform/http/responseSchemas';
import type { ErrorStatus } from '../../../shared/api/route';

export function calendarHandlers(deps: AppDeps): RouteHandlers<typeof calendarRoutes> {
  return {
    regenerateCalendarToken: async ({ user }) => ({ calendar_url: await regenerateCalendarUrl(deps, user.id) }),
  };
}

/** The feed's operation in the OpenAPI document. */
export const CALENDAR_FEED_OPERATION = 'calendarFeed';
/**
 * Every error status the feed answers, each documented: a file name that is not a token (400), an unknown or
 * replaced token (404), too many calls (429), and any route's 500 and 503.
 */
export const CALENDAR_FEED_ERRORS: readonly ErrorStatus[] = [400, 404, 429, 500, 503];

/**
 * GET /calendar/:token.ics, outside the API: calendar apps subscribe to a plain URL and send no bearer token, so
 * the private token in the path is the credential (regenerated from the account screen). Not cacheable by proxies.
 */
export function registerCalendarFeed(app: FastifyInstance, deps: AppDeps): void {
  app.get('/calendar/:file', {
    schema: {
      operationId: CALENDAR_FEED_OPERATION,
      summary: "A user's private iCalendar feed: their leagues' matches, their bets, bet deadlines as alarms",
      tags: ['calendar'],
      params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{1,80}\\.ics$' }) }),
      response: {
        200: { description: 'text/calendar (RFC 5545)', content: { 'text/calendar': { schema: Type.String() } } },
        ...errorResponseSchemas(CALENDAR_FEED_ERRORS),
      },
    },
    config: { access: 'public', errorStatuses: CALENDAR_FEED_ERRORS, rateLimit: { max: 120, timeWindow: 60_000 } },
    handler: async (req, reply) => {
      const { file } = req.params as { file: string };
      const text = await calendarFeed(deps, file.slice(0, -'.ics'.length));
      return reply.header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="porra.ics"')
        .send(text);
    },
  });
}
