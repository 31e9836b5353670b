import type { BetsVisiblePayload } from '../../domain/live/liveEvents';
import type { AppDeps } from '../../platform/deps';
import { deadlinesBetween, liveSessions, stillMembers } from './liveEventsRepository';
import type { LiveViewers } from './liveViewers';

/**
 * The timers of this process's streams, running while any is open: heartbeats, the end of streams past their
 * lifetime and of those whose session ended (sign-out, disabled account) or whose user left the league (`enqueue`:
 * in the delivery queue, so no event is sent to a stream being ended), and the bet windows that closed for the
 * competitions watched here, published once for all processes (dedupe key).
 */
export function createUpkeep(
  deps: AppDeps, viewers: LiveViewers, enqueue: (work: () => Promise<void>, what: string) => void,
  onFailure: (error: unknown, what: string) => void,
) {
  const settings = deps.config.live;
  let heartbeat: NodeJS.Timeout | null = null;
  let deadlineTimer: NodeJS.Timeout | null = null;

  async function tick(): Promise<void> {
    const now = Date.now();
    const all = viewers.all();
    if (all.length === 0) return;
    const sessions = await liveSessions(deps.db, [...new Set(all.map((v) => v.sessionId))], deps.clock.now());
    for (const [leagueId, set] of viewers.byLeague) {
      const members = await stillMembers(deps.db, leagueId, [...new Set([...set].map((v) => v.userId))]);
      for (const viewer of set) {
        const isAdmin = sessions.get(viewer.sessionId);
        // Signed out (or disabled, expired), or no longer a member nor an admin: nothing more of it reaches them.
        if (isAdmin === undefined || (!isAdmin && !members.has(viewer.userId))) viewer.stream.end();
        else if (now - viewer.openedAt >= settings.maxStreamMs) viewer.stream.end();
        else viewer.stream.comment('heartbeat');
      }
    }
  }

  async function checkDeadlines(): Promise<void> {
    const now = deps.clock.now();
    for (const [competitionId, checkedUpTo] of viewers.deadlineChecked) {
      viewers.deadlineChecked.set(competitionId, now);
      const closed = await deadlinesBetween(deps.db, competitionId, checkedUpTo, now);
      const byDeadline = new Map<number, number[]>();
      for (const m of closed) byDeadline.set(Number(m.deadline), [...(byDeadline.get(Number(m.deadline)) ?? []), m.id]);
      for (const [deadline, matchIds] of byDeadline) {
        const payload: BetsVisiblePayload = { match_ids: matchIds.sort((a, b) => a - b), deadline };
        await deps.live.publish(deps.db, { competitionId, kind: 'bets_visible', payload, dedupeKey: `bets_visible:${competitionId}:${deadline}` });
      }
    }
  }

  function stop(): void {
    if (!heartbeat) return;
    clearInterval(heartbeat);
    clearInterval(deadlineTimer!);
    heartbeat = null;
    deadlineTimer = null;
  }

  return {
    start(): void {
      if (heartbeat) return;
      heartbeat = setInterval(() => enqueue(tick, 'heartbeat'), settings.heartbeatMs);
      deadlineTimer = setInterval(() => { checkDeadlines().catch((error) => onFailure(error, 'bet window check')); }, settings.deadlineCheckMs);
      heartbeat.unref();
      deadlineTimer.unref();
    },
    stopWhenIdle(): void {
      if (viewers.byLeague.size === 0) stop();
    },
    stop,
  };
}
