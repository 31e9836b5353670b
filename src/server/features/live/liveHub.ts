import type { FastifyReply } from 'fastify';
import { LIVE_EVENT } from '../../../shared/api/routes/live';
import type { BetsVisiblePayload, MatchesPayload } from '../../domain/live/liveEvents';
import type { AppDeps } from '../../platform/deps';
import { retryLater } from '../../platform/http/errors';
import { deadlinesBetween, leagueMatchesInPlay, liveSessions, matchesPlayedInLeagues, stillMembers } from './liveEventsRepository';
import { apiMatches } from '../../domain/live/livePublisher';
import { SseStream } from '../../platform/live/sseStream';
import { streamStandings } from './streamStandings';
import { type LiveEventRow, liveEventsAfter } from '../../platform/live/liveEventStore';
import type { Locale } from '../../../shared/domain/locales';

/** Who opens a stream: the signed-in caller (its session is checked again while the stream lasts) and the league. */
export interface StreamViewer {
  userId: number; sessionId: string; isAdmin: boolean; leagueId: number; competitionId: number; locale: Locale;
}
interface Viewer extends StreamViewer { stream: SseStream; openedAt: number }

/** Events replayed at most on a resume; a client further behind has its screen's data read again anyway. */
const RESUME_LIMIT = 200;
/** Seconds a refused client waits before asking again. */
const RETRY_AFTER_SECONDS = 30;
/**
 * A table sent to streams is reused for streams opening within this long: during a match, opening (or reopening
 * in a loop) any number of streams costs one table per league and language, not one each.
 */
const TABLE_REUSE_MS = 5000;

/**
 * This process's open live streams and how events reach them. Every event of the bus is turned
 * into messages per league that has streams here: `matches` with the league's matches, then the league's
 * `standings` (built once per league and language, see streamStandings.ts), or `bets_visible` for the leagues whose
 * bet window closed. A timer (all streams at once) sends heartbeats, ends streams past their lifetime and those
 * whose session ended (sign-out, disabled account) or whose user left the league, and publishes the bet windows
 * that have closed for the competitions watched here. Streams are capped per user and per process.
 */
export function createLiveHub(deps: AppDeps) {
  const settings = deps.config.live;
  const byLeague = new Map<number, Set<Viewer>>();
  /** Streams open or opening, per user and in all: counted before the first await, so a burst cannot pass the caps. */
  const perUser = new Map<number, number>();
  let streams = 0;
  /** Competitions watched here -> the time up to which their deadlines were checked. */
  const deadlineChecked = new Map<number, number>();
  let unsubscribe: Promise<() => void> | null = null;
  let queue: Promise<void> = Promise.resolve();
  let heartbeat: NodeJS.Timeout | null = null;
  let deadlineTimer: NodeJS.Timeout | null = null;
  let closing = false;
  /** `leagueId:locale` -> the last table built for its streams, and when. */
  const recentTables = new Map<string, { at: number; table: ReturnType<typeof streamStandings> }>();

  /** The league's table in this language: built now (after an event), or the one built less than TABLE_REUSE_MS ago. */
  function tableFor(leagueId: number, locale: Locale, fresh: boolean): ReturnType<typeof streamStandings> {
    const key = `${leagueId}:${locale}`;
    const recent = recentTables.get(key);
    if (!fresh && recent && Date.now() - recent.at < TABLE_REUSE_MS) return recent.table;
    // Expired entries go as new ones come (kept even when a league's last stream closes: it may reopen at once).
    for (const [other, entry] of recentTables) if (Date.now() - entry.at >= TABLE_REUSE_MS) recentTables.delete(other);
    const table = streamStandings(deps, leagueId, locale);
    recentTables.set(key, { at: Date.now(), table });
    // A failed build is not reused.
    table.catch(() => { if (recentTables.get(key)?.table === table) recentTables.delete(key); });
    return table;
  }

  const viewers = () => [...byLeague.values()].flatMap((set) => [...set]);
  const leaguesOf = (competitionId: number) => [...byLeague].filter(([, set]) => [...set][0]?.competitionId === competitionId).map(([id]) => id);

  function onFailure(error: unknown, what: string) {
    deps.log.warn({ err: error }, `live streams: ${what} failed`);
  }

  function reserve(userId: number): void {
    if (closing) throw retryLater(503, 'errors.shutting_down', RETRY_AFTER_SECONDS);
    if ((perUser.get(userId) ?? 0) >= settings.maxStreamsPerUser) throw retryLater(429, 'errors.live_too_many_streams', RETRY_AFTER_SECONDS);
    if (streams >= settings.maxStreams) throw retryLater(503, 'errors.live_server_busy', RETRY_AFTER_SECONDS);
    perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
    streams += 1;
  }

  function release(userId: number): void {
    streams -= 1;
    const count = (perUser.get(userId) ?? 1) - 1;
    if (count > 0) perUser.set(userId, count);
    else perUser.delete(userId);
  }

  /**
   * Messages of one event for some viewers (all of this process's, or one resuming stream). A resume (`replay`)
   * sends the matches with the event's id and no table: one table follows the whole replay.
   */
  async function deliver(row: LiveEventRow, only?: Viewer, replay = false): Promise<void> {
    const leagueIds = only ? [only.leagueId] : leaguesOf(row.competition_id);
    if (leagueIds.length === 0) return;
    const targetsOf = (leagueId: number) => (only ? [only] : [...(byLeague.get(leagueId) ?? [])]);
    if (row.kind === 'bets_visible') {
      const { match_ids: matchIds, deadline = 0 } = JSON.parse(row.payload) as BetsVisiblePayload;
      // Only the leagues whose own window is the one that closed (not before it: they were told then).
      const shown = await matchesPlayedInLeagues(deps.db, leagueIds, matchIds, { from: deadline, to: Math.max(deadline, deps.clock.now()) });
      for (const [leagueId, ids] of shown) {
        const message = { league_id: leagueId, match_ids: [...ids].sort((a, b) => a - b) };
        for (const viewer of targetsOf(leagueId)) viewer.stream.send(LIVE_EVENT.BETS_VISIBLE, message, row.id);
      }
      return;
    }
    const { matches } = JSON.parse(row.payload) as MatchesPayload;
    const played = await matchesPlayedInLeagues(deps.db, leagueIds, matches.map((m) => m.id));
    const tables = new Map<string, ReturnType<typeof streamStandings>>();
    for (const [leagueId, ids] of played) {
      const targets = targetsOf(leagueId);
      const message = {
        league_id: leagueId, competition_id: row.competition_id, match_ids: [...ids].sort((a, b) => a - b),
        matches: matches.filter((m) => ids.has(m.id)),
      };
      if (replay) {
        for (const viewer of targets) viewer.stream.send(LIVE_EVENT.MATCHES, message, row.id);
        continue;
      }
      // The match cards first; then the table, built once per language (a failure there still moves the cards).
      for (const viewer of targets) viewer.stream.send(LIVE_EVENT.MATCHES, message);
      for (const viewer of targets) {
        const key = `${leagueId}:${viewer.locale}`;
        if (!tables.has(key)) tables.set(key, tableFor(leagueId, viewer.locale, true).catch((error) => { onFailure(error, 'live table'); return null; }));
      }
      for (const viewer of targets) {
        const table = await tables.get(`${leagueId}:${viewer.locale}`)!;
        if (table) viewer.stream.send(LIVE_EVENT.STANDINGS, table, row.id);
        else viewer.stream.markSeen(row.id);
      }
    }
  }

  /**
   * What a new stream is sent first: after Last-Event-ID, the events it missed (their match cards, then one table
   * for all of them, however many there were); the matches in play now; while they are, the table.
   */
  async function catchUp(viewer: Viewer, lastEventId: number | null): Promise<void> {
    let replayedMatches = false;
    if (lastEventId !== null) {
      for (const row of await liveEventsAfter(deps.db, lastEventId, RESUME_LIMIT, viewer.competitionId)) {
        await deliver(row, viewer, true);
        replayedMatches ||= row.kind === 'matches';
      }
    }
    const inPlay = await apiMatches(deps.db, await leagueMatchesInPlay(deps.db, viewer.leagueId));
    if (inPlay.length > 0) {
      viewer.stream.send(LIVE_EVENT.MATCHES, {
        league_id: viewer.leagueId, competition_id: viewer.competitionId, match_ids: inPlay.map((m) => m.id), matches: inPlay,
      });
    }
    // Nothing in play and nothing missed: the stored table the screen loaded is current (no table built).
    if (inPlay.length > 0 || replayedMatches) {
      // After a replay the table is built now: a reused one could be older than what was replayed.
      const table = await tableFor(viewer.leagueId, viewer.locale, replayedMatches);
      if (table && (table.provisional || replayedMatches)) viewer.stream.send(LIVE_EVENT.STANDINGS, table);
    }
    if (settings.maxStreamMs === 0) viewer.stream.end();
  }

  function enqueue(work: () => Promise<void>, what: string): Promise<void> {
    queue = queue.then(work).catch((error) => onFailure(error, what));
    return queue;
  }

  async function tick(): Promise<void> {
    const now = Date.now();
    const all = viewers();
    if (all.length === 0) return;
    const sessions = await liveSessions(deps.db, [...new Set(all.map((v) => v.sessionId))], deps.clock.now());
    for (const [leagueId, set] of byLeague) {
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

  /** Publishes the bet windows that closed since the last check, once for all processes (dedupe key). */
  async function checkDeadlines(): Promise<void> {
    const now = deps.clock.now();
    for (const [competitionId, checkedUpTo] of deadlineChecked) {
      deadlineChecked.set(competitionId, now);
      const closed = await deadlinesBetween(deps.db, competitionId, checkedUpTo, now);
      const byDeadline = new Map<number, number[]>();
      for (const m of closed) byDeadline.set(Number(m.deadline), [...(byDeadline.get(Number(m.deadline)) ?? []), m.id]);
      for (const [deadline, matchIds] of byDeadline) {
        const payload: BetsVisiblePayload = { match_ids: matchIds.sort((a, b) => a - b), deadline };
        await deps.live.publish(deps.db, { competitionId, kind: 'bets_visible', payload, dedupeKey: `bets_visible:${competitionId}:${deadline}` });
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
    release(viewer.userId);
    if (set.size === 0) {
      byLeague.delete(viewer.leagueId);
      if (leaguesOf(viewer.competitionId).length === 0) deadlineChecked.delete(viewer.competitionId);
    }
    stopTimersWhenIdle();
  }

  return {
    /**
     * Opens a stream for an authorised viewer; resumes after `lastEventId` when given. Refused (before anything is
     * sent) while the app closes (503), past the user's streams in this process (429) or the process's (503).
     */
    async open(reply: FastifyReply, who: StreamViewer, lastEventId: number | null): Promise<void> {
      reserve(who.userId);
      try {
        unsubscribe ??= deps.live.subscribe((row) => { void enqueue(() => deliver(row), 'event delivery'); });
        await unsubscribe;
      } catch (error) {
        unsubscribe = null;
        release(who.userId);
        throw error;
      }
      const viewer: Viewer = { ...who, stream: new SseStream(reply), openedAt: Date.now() };
      const set = byLeague.get(who.leagueId) ?? new Set();
      byLeague.set(who.leagueId, set.add(viewer));
      if (!deadlineChecked.has(who.competitionId)) deadlineChecked.set(who.competitionId, deps.clock.now());
      deps.metrics.liveStreams(1);
      void viewer.stream.closed.then(() => remove(viewer));
      startTimers();
      await enqueue(() => catchUp(viewer, lastEventId), 'stream opening');
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
      if (unsubscribe) (await unsubscribe.catch(() => () => undefined))();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
