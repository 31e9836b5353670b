import type { LiveSettings } from '../config';
import { retryLater } from '../errors/errors';

/** Seconds a refused client waits before asking again. */
export const RETRY_AFTER_SECONDS = 30;

interface Opener { userId: number; address: string; leagueId: number }

function add<K>(counts: Map<K, number>, key: K, delta: number): void {
  const count = (counts.get(key) ?? 0) + delta;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

/**
 * The caps on one process's live streams: per user (429), per client address (429: one network cannot hold the
 * process's streams with many free accounts), per league (503: one league cannot take every stream) and in all
 * (503). Counted before the first await of an opening, so a burst cannot pass them.
 */
export function createStreamCaps(settings: LiveSettings) {
  const perUser = new Map<number, number>();
  const perAddress = new Map<string, number>();
  const perLeague = new Map<number, number>();
  let streams = 0;
  return {
    reserve(who: Opener): void {
      if ((perUser.get(who.userId) ?? 0) >= settings.maxStreamsPerUser) throw retryLater(429, 'errors.live_too_many_streams', RETRY_AFTER_SECONDS);
      if ((perAddress.get(who.address) ?? 0) >= settings.maxStreamsPerAddress) {
        throw retryLater(429, 'errors.live_too_many_streams_address', RETRY_AFTER_SECONDS);
      }
      if ((perLeague.get(who.leagueId) ?? 0) >= settings.maxStreamsPerLeague || streams >= settings.maxStreams) {
        throw retryLater(503, 'errors.live_server_busy', RETRY_AFTER_SECONDS);
      }
      add(perUser, who.userId, 1);
      add(perAddress, who.address, 1);
      add(perLeague, who.leagueId, 1);
      streams += 1;
    },
    release(who: Opener): void {
      add(perUser, who.userId, -1);
      add(perAddress, who.address, -1);
      add(perLeague, who.leagueId, -1);
      streams -= 1;
    },
  };
}
