import type { FastifyReply } from 'fastify';
import { LIVE_EVENT, type LiveStandingsEvent } from '../../../shared/api/routes/live';
import type { Match } from '../../../shared/api/entities';
import type { Locale } from '../../../shared/api/route';
import type { AppDeps } from '../../deps';
import { deadlinesBetween, liveEventsAfter, matchesPlayedInLeagues, stillMembers, type LiveEventRow } from './liveEventsRepository';
import { liveStandings } from './provisionalTable';
import { SseStream } from './sseStream';

/** What an event's payload holds (the JSON of live_events.payload). */
export interface MatchesPayload { matches: Match[] }
export interface BetsVisiblePayload { match_ids: number[] }

interface Viewer {
  stream: SseStream; userId: number; isAdmin: boolean; leagueId: number; competitionId: number; locale: Locale; openedAt: number;
}

/** Events replayed at most on a resume; a client further behind reloads instead (it refetches on reconnect). */
const RESUME_LIMIT = 200;

/**
 * This process's open live streams and how events reach them (issue 14 §1). Every event of the bus is turned
 * into messages per league that has streams here: `matches` with the league's matches, then the league's
 * `standings` (built once per league and language, provisional while matches are in play), or `bets_visible`.
 * A timer (all streams at once) sends heartbeats, ends streams past their lifetime, drops viewers who are no
 * longer members, and publishes the bet windows that have closed for the competitions watched here.
 */
export function createLiveHub(deps: AppDeps) {
  const settings = deps.config.live;
  const byLeague = new Map<number, Set<Viewer>>();
  const perUser = new Map<number, number>();
  /** Competitions watched here -> the time up to which their deadlines were checked. */
  const deadlineChecked = new Map<number, number>();
  let unsubscribe: Promise<() => void> | null = null;
  let queue: Promise<void> = Promise.resolve();
  let heartbeat: NodeJS.Timeout | null = null;
  let deadlineTimer: NodeJS.Timeout | null = null;
  let closing = false;

  const viewers = () => [...byLeague.values()].flatMap((set) => [...set]);
  const leaguesOf = (competitionId: number) => [...byLeague].filter(([, set]) => [...set][0]?.competitionId === competitionId).map(([id]) => id);

  function onFailure(error: unknown, what: string) {
    deps.log.warn({ err: error }, `live streams: ${what} failed`);
  }

  /** Messages of one event for some viewers (all of this process's, or one resuming stream). */
  async function deliver(row: LiveEventRow, only?: Viewer): Promise<void> {
    const leagueIds = only ? [only.leagueId] : leaguesOf(row.competition_id);
    if (leagueIds.length === 0) return;
    const payload = JSON.parse(row.payload) as MatchesPayload | BetsVisiblePayload;
    const matchIds = row.kind === 'matches' ? (payload as MatchesPayload).matches.map((m) => m.id) : (payload as BetsVisiblePayload).match_ids;
    const played = await matchesPlayedInLeagues(deps.db, leagueIds, matchIds);
    const tables = new Map<string, Promise<LiveStandingsEvent | null>>();
    for (const leagueId of leagueIds) {
      const ids = played.get(leagueId);
      if (!ids || ids.size === 0) continue;
      const targets = only ? [only] : [...(byLeague.get(leagueId) ?? [])];
      const matchIdsHere = [...ids].sort((a, b) => a - b);
      if (row.kind === 'bets_visible') {
        for (const viewer of targets) viewer.stream.send(LIVE_EVENT.BETS_VISIBLE, { league_id: leagueId, match_ids: matchIdsHere }, row.id);
        continue;
      }
      const message = {
        league_id: leagueId, competition_id: row.competition_id, match_ids: matchIdsHere,
        matches: (payload as MatchesPayload).matches.filter((m) => ids.has(m.id)),
      };
      // The match cards first; then the table, built once per language (a failure there still moves the cards).
      for (const viewer of targets) viewer.stream.send(LIVE_EVENT.MATCHES, message);
      for (const viewer of targets) {
        const key = `${leagueId}:${viewer.locale}`;
        if (!tables.has(key)) {
          tables.set(key, liveStandings(deps, leagueId, viewer.locale).catch((error) => { onFailure(error, 'live table'); return null; }));
        }
      }
      for (const viewer of targets) {
        const table = await tables.get(`${leagueId}:${viewer.locale}`)!;
        if (table) viewer.stream.send(LIVE_EVENT.STANDINGS, table, row.id);
        else viewer.stream.markSeen(row.id);
      }
    }
  }

  function enqueue(work: () => Promise<void>, what: string): Promise<void> {
    queue = queue.then(work).catch((error) => onFailure(error, what));
    return queue;
  }

  async function tick(): Promise<void> {
    const now = Date.now();
    for (const [leagueId, set] of byLeague) {
      const members = await stillMembers(deps.db, leagueId, [...set].filter((v) => !v.isAdmin).map((v) => v.userId));
      for (const viewer of set) {
        // Removed from the league (or left): nothing more of it reaches them.
        if (!viewer.isAdmin && !members.has(viewer.userId)) viewer.stream.end();
        else if (now - viewer.openedAt >= settings.maxStreamMs) viewer.stream.end();
        else viewer.stream.comment('heartbeat');
      }
    }
  }

  /** Publishes the bet windows that closed since the last check, once for all processes (dedupe key). */
  async function checkDeadlines(): Promise<void> {
    const now = deps.clock.now();
    for (const [competitionId, checkedUpTo] of deadlineChecked) {
      deadlineChecked.set(competitionId, now);
      const closed = await deadlinesBetween(deps.db, competitionId, checkedUpTo, now);
      const byDeadline = new Map<number, number[]>();
      for (const m of closed) byDeadline.set(Number(m.deadline), [...(byDeadline.get(Number(m.deadline)) ?? []), m.id]);
      for (const [deadline, matchIds] of byDeadline) {
        await deps.live.publish(deps.db, {
          competitionId, kind: 'bets_visible', payload: { match_ids: matchIds.sort((a, b) => a - b) },
          dedupeKey: `bets_visible:${competitionId}:${deadline}`,
        });
      }
    }
  }

  function startTimers() {
    if (heartbeat) return;
    heartbeat = setInterval(() => { void enqueue(tick, 'heartbeat'); }, settings.heartbeatMs);
    deadlineTimer = setInterval(() => { checkDeadlines().catch((error) => onFailure(error, 'bet window check')); }, settings.deadlineCheckMs);
    heartbeat.unref();
    deadlineTimer.unref();
  }

  function stopTimersWhenIdle() {
    if (byLeague.size > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    clearInterval(deadlineTimer!);
    heartbeat = null;
    deadlineTimer = null;
  }

  function remove(viewer: Viewer) {
    const set = byLeague.get(viewer.leagueId);
    if (!set?.delete(viewer)) return;
    deps.metrics.liveStreams(-1);
    if (set.size === 0) {
      byLeague.delete(viewer.leagueId);
      if (leaguesOf(viewer.competitionId).length === 0) deadlineChecked.delete(viewer.competitionId);
    }
    const count = (perUser.get(viewer.userId) ?? 1) - 1;
    if (count > 0) perUser.set(viewer.userId, count);
    else perUser.delete(viewer.userId);
    stopTimersWhenIdle();
  }

  return {
    /** Whether the user may open one more stream in this process. */
    hasRoomFor: (userId: number) => (perUser.get(userId) ?? 0) < settings.maxStreamsPerUser,

    get isClosing(): boolean {
      return closing;
    },

    /** Opens a stream for an authorised viewer; resumes after `lastEventId` when given. */
    async open(reply: FastifyReply, who: { userId: number; isAdmin: boolean; leagueId: number; competitionId: number; locale: Locale }, lastEventId: number | null) {
      unsubscribe ??= deps.live.subscribe((row) => { void enqueue(() => deliver(row), 'event delivery'); });
      await unsubscribe;
      const viewer: Viewer = { ...who, stream: new SseStream(reply), openedAt: Date.now() };
      const set = byLeague.get(who.leagueId) ?? new Set();
      byLeague.set(who.leagueId, set.add(viewer));
      perUser.set(who.userId, (perUser.get(who.userId) ?? 0) + 1);
      if (!deadlineChecked.has(who.competitionId)) deadlineChecked.set(who.competitionId, deps.clock.now());
      deps.metrics.liveStreams(1);
      void viewer.stream.closed.then(() => remove(viewer));
      startTimers();
      await enqueue(async () => {
        // Missed events first (ids are the same in every process), then, while matches are in play, the table now.
        if (lastEventId !== null) {
          for (const row of await liveEventsAfter(deps.db, lastEventId, RESUME_LIMIT, who.competitionId)) await deliver(row, viewer);
        }
        const table = await liveStandings(deps, who.leagueId, who.locale);
        if (table?.provisional) viewer.stream.send(LIVE_EVENT.STANDINGS, table);
        if (settings.maxStreamMs === 0) viewer.stream.end();
      }, 'stream opening');
    },

    /** Open streams in this process (the metrics gauge counts the same). */
    get openStreams(): number {
      return viewers().length;
    },

    /** Graceful shutdown: every stream ends now (clients reconnect elsewhere), and no new one opens. */
    async close(): Promise<void> {
      closing = true;
      for (const viewer of viewers()) viewer.stream.end();
      if (heartbeat) { clearInterval(heartbeat); clearInterval(deadlineTimer!); }
      if (unsubscribe) (await unsubscribe)();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
