import { calendarFeedPath } from '../../../shared/api/routes/calendar';
import { appStateSlot } from '../../platform/appState';
import type { AppDeps } from '../../platform/deps';
import { bumpCalendarGeneration, calendarGeneration } from './calendarGenerations';
import { calendarToken } from './calendarToken';
import { CalendarUrlCache } from './calendarUrlCache';

const CALENDAR_URLS = appStateSlot(() => new CalendarUrlCache());

/** A user's private calendar address: read on every signed-in page load, replaced on request. */
export function calendarAddress(deps: AppDeps) {
  const urlFor = (userId: number, generation: number) =>
    `${deps.config.appOrigin}${calendarFeedPath(calendarToken(deps.jwtSecret, userId, generation))}`;
  const urls = deps.state.get(CALENDAR_URLS);
  const ttlMs = deps.config.sessionCacheSeconds * 1000;

  return {
    /** The calendar address when this process remembers it, else undefined (then ask calendarUrl). */
    knownCalendarUrl(userId: number): string | undefined {
      return urls.peek(userId, ttlMs);
    },

    async calendarUrl(userId: number): Promise<string> {
      return urls.get(userId, ttlMs, async () => urlFor(userId, await calendarGeneration(deps.db, userId)));
    },

    /** A new address: the old one stops working at once. */
    async regenerate(userId: number): Promise<string> {
      const generation = await bumpCalendarGeneration(deps.db, userId, deps.clock.now());
      urls.forget(userId);
      return urlFor(userId, generation);
    },
  };
}
