import { calendarFeedPath } from '../../../shared/api/routes/calendar';
import { appStateSlot } from '../../platform/appState';
import type { AppDeps } from '../../platform/deps';
import { bumpCalendarGeneration, calendarGeneration } from './calendarGenerations';
import { calendarToken } from './calendarToken';
import { CalendarUrlCache } from './calendarUrlCache';

/** A user's private calendar address: read on every signed-in page load, replaced on request. */

const CALENDAR_URLS = appStateSlot(() => new CalendarUrlCache());

const urlFor = (deps: AppDeps, userId: number, generation: number) =>
  `${deps.config.appOrigin}${calendarFeedPath(calendarToken(deps.jwtSecret, userId, generation))}`;

const ttlMs = (deps: AppDeps) => deps.config.sessionCacheSeconds * 1000;

/** The calendar address when this app remembers it, else undefined (then ask calendarUrl). */
export function knownCalendarUrl(deps: AppDeps, userId: number): string | undefined {
  return deps.state.get(CALENDAR_URLS).peek(userId, ttlMs(deps));
}

export async function calendarUrl(deps: AppDeps, userId: number): Promise<string> {
  return deps.state.get(CALENDAR_URLS).get(userId, ttlMs(deps), async () => urlFor(deps, userId, await calendarGeneration(deps.db, userId)));
}

/** A new address: the old one stops working at once. */
export async function regenerateCalendarUrl(deps: AppDeps, userId: number): Promise<string> {
  const generation = await bumpCalendarGeneration(deps.db, userId, deps.clock.now());
  deps.state.get(CALENDAR_URLS).forget(userId);
  return urlFor(deps, userId, generation);
}

/** Call once a flow that bumped the generation in its own transaction (calendarGenerations) has committed. */
export function forgetCalendarUrl(deps: AppDeps, userId: number): void {
  deps.state.get(CALENDAR_URLS).forget(userId);
}
