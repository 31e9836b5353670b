import { calendarFeedPath } from '../../../shared/api/routes/calendar';
import type { AppDeps } from '../../platform/deps';
import { bumpCalendarGeneration, calendarGeneration } from './calendarGenerations';
import { calendarToken } from './calendarToken';
import { cachedCalendarUrl, calendarUrlFromCache, forgetCalendarUrl } from './calendarUrlCache';

/** A user's private calendar address: read on every signed-in page load, replaced on request. */
export function calendarAddress(deps: AppDeps) {
  const urlFor = (userId: number, generation: number) =>
    `${deps.config.appOrigin}${calendarFeedPath(calendarToken(deps.jwtSecret, userId, generation))}`;

  return {
    /** The calendar address when this process remembers it, else undefined (then ask calendarUrl). */
    knownCalendarUrl(userId: number): string | undefined {
      return calendarUrlFromCache(deps.db, userId, deps.config.sessionCacheSeconds * 1000);
    },

    async calendarUrl(userId: number): Promise<string> {
      return cachedCalendarUrl(deps.db, userId, deps.config.sessionCacheSeconds * 1000,
        async () => urlFor(userId, await calendarGeneration(deps.db, userId)));
    },

    /** A new address: the old one stops working at once. */
    async regenerate(userId: number): Promise<string> {
      const generation = await bumpCalendarGeneration(deps.db, userId, deps.clock.now());
      forgetCalendarUrl(deps.db, userId);
      return urlFor(userId, generation);
    },
  };
}
