import type { FastifyReply } from 'fastify';
import { LIVE_EVENT } from '../../../shared/api/routes/live';
import type { BetsVisiblePayload } from '../../domain/live/liveEvents';
import type { AppDeps } from '../../platform/deps';
import { retryLater } from '../../platform/http/errors';
import { deadlinesBetween, leagueMatchesInPlay, liveSessions, stillMembers } from './liveEventsRepository';
import { createReplays, eventMessages } from './liveMessages';
import { apiMatches } from '../../domain/live/livePublisher';
import { SseStream } from '../../platform/live/sseStream';
import { createStreamCaps, RETRY_AFTER_SECONDS } from '../../platform/live/streamCaps';
import { streamStandings } from './streamStandings';
import type { LiveEventRow } from '../../platform/live/liveEventStore';
import type { Locale } from '../../../shared/domain/locales';

/**
 * Who opens a stream: the signed-in caller (its session is checked again while the stream lasts), the client's
 * address as per-address limits count it, and the league.
 */
export interface StreamViewer {
  userId: number; sessionId: string; isAdmin: boolean; address: string; leagueId: number; competitionId: number; locale: Locale;
}
interface Viewer extends StreamViewer {
  stream: SseStream; openedAt: number;
  /** While the stream catches up, live messages wait here (then they follow the catch-up, in order). */
  backlog: ((stream: SseStream) => void)[] | null;
}

/** Live messages held for a stream still catching up; past this the stream ends and the client reconnects. */
const BACKLOG_LIMIT = 100;
/**
 * A table sent to streams is reused for streams opening within this long: during a match, opening (or reopening
 * in a loop) any number of streams costs one table per league and language, not one each.
 */
const TABLE_REUSE_MS = 5000;

type Table = ReturnType<typeof streamStandings>;

/**
 * This process's open live streams and how events reach them. Every event of the bus is turned
 * into messages per league that has streams here: `matches` with the league's matches, then the league's
 * `standings` (built once per league and language, see streamStandings.ts), or `bets_visible` for the leagues whose
 * bet window closed. Events are delivered one at a time through one queue; a new stream catches up on its own
 * (replays and tables shared with the streams opening alongside, liveMessages.ts), never through that queue, while
 * the events arriving meanwhile wait for it in its backlog. A timer (all streams at once) sends heartbeats, ends
 * streams past their lifetime and those whose session ended (sign-out, disabled account) or whose user left the
 * league, and publishes the bet windows that have closed for the competitions watched here. Streams are capped
 * per user, client address, league and process (streamCaps.ts).
 */
export function createLiveHub(deps: AppDeps) {
  const settings = deps.config.live;
  const byLeague = new Map<number, Set<Viewer>>();
  const caps = createStreamCaps(settings);
  const replays = createReplays(deps);
  /** Competitions watched here -> the time up to which their deadlines were checked. */
  const deadlineChecked = new Map<number, number>();
  let unsubscribe: Promise<() => void> | null = null;
  let queue: Promise<void> = Promise.resolve();
  let heartbeat: NodeJS.Timeout | null = null;
  let deadlineTimer: NodeJS.Timeout | null = null;
  let closing = false;
  /** `leagueId:locale` -> the last table built for its streams, and when its build started. */
  const recentTables = new Map<string, { at: number; table: Table }>();

  /**
   * The league's table in this language, built after `freshSince` (a table whose build started then or later holds
   * everything stored before), or with null any table less than TABLE_REUSE_MS old. Builds started alongside are
   * shared: streams resuming together wait for one build.
   */
  function tableFor(leagueId: number, locale: Locale, freshSince: number | null): Table {
    const key = `${leagueId}:${locale}`;
    const recent = recentTables.get(key);
    const now = Date.now();
    if (recent && (freshSince === null ? now - recent.at < TABLE_REUSE_MS : recent.at >= freshSince)) return recent.table;
    // Expired entries go as new ones come (kept even when a league's last stream closes: it may reopen at once).
    for (const [other, entry] of recentTables) if (now - entry.at >= TABLE_REUSE_MS) recentTables.delete(other);
    const table = streamStandings(deps, leagueId, locale);
    recentTables.set(key, { at: now, table });
    // A failed build is not reused.
    table.catch(() => { if (recentTables.get(key)?.table === table) recentTables.delete(key); });
    return table;
  }

  const viewers = () => [...byLeague.values()].flatMap((set) => [...set]);
  const leaguesOf = (competitionId: number) => [...byLeague].filter(([, set]) => [...set][0]?.competitionId === competitionId).map(([id]) => id);

  function onFailure(error: unknown, what: string) {
    deps.log.warn({ err: error }, `live streams: ${what} failed`);
  }

  /** A live message for a viewer: now, or after its catch-up. */
  function sendTo(viewer: Viewer, send: (stream: SseStream) => void): void {
    if (!viewer.backlog) { send(viewer.stream); return; }
    if (viewer.backlog.length >= BACKLOG_LIMIT) { viewer.stream.end(); return; }
    viewer.backlog.push(send);
  }

  /** The messages of one event for every stream of this process. */
  async function deliver(row: LiveEventRow): Promise<void> {
    const receivedAt = Date.now();
    const leagueIds = leaguesOf(row.competition_id);
    if (leagueIds.length === 0) return;
    const messages = await eventMessages(deps, row, leagueIds);
    const tables = new Map<string, Promise<Awaited<Table> | null>>();
    for (const [leagueId, message] of messages) {
      const targets = [...(byLeague.get(leagueId) ?? [])];
      if (message.event === LIVE_EVENT.BETS_VISIBLE) {
        for (const viewer of targets) sendTo(viewer, (stream) => stream.send(message.event, message.data, row.id));
        continue;
      }
      // The match cards first; then the table, built once per language (a failure there still moves the cards).
      for (const viewer of targets) sendTo(viewer, (stream) => stream.send(message.event, message.data));
      for (const viewer of targets) {
        const key = `${leagueId}:${viewer.locale}`;
        if (!tables.has(key)) tables.set(key, tableFor(leagueId, viewer.locale, receivedAt).catch((error) => { onFailure(error, 'live table'); return null; }));
      }
      for (const viewer of targets) {
        const table = await tables.get(`${leagueId}:${viewer.locale}`)!;
        sendTo(viewer, (stream) => (table ? stream.send(LIVE_EVENT.STANDINGS, table, row.id) : stream.markSeen(row.id)));
      }
    }
  }

  /**
   * What a new stream is sent first: after Last-Event-ID, the events it missed (their match cards, then one table
   * for all of them, however many there were); the matches in play now; while they are, the table.
   */
  async function catchUp(viewer: Viewer, lastEventId: number | null): Promise<void> {
    let replayedSince: number | null = null;
    if (lastEventId !== null) {
      const replay = await replays.after(viewer.leagueId, viewer.competitionId, lastEventId);
      for (const message of replay.messages) viewer.stream.send(message.event, message.data, message.id);
      if (replay.matchesMoved) replayedSince = replay.readAt;
    }
    const inPlay = await apiMatches(deps.db, await leagueMatchesInPlay(deps.db, viewer.leagueId));
    if (inPlay.length > 0) {
      viewer.stream.send(LIVE_EVENT.MATCHES, {
        league_id: viewer.leagueId, competition_id: viewer.competitionId, match_ids: inPlay.map((m) => m.id), matches: inPlay,
      });
    }
    // Nothing in play and nothing missed: the stored table the screen loaded is current (no table built).
    if (inPlay.length > 0 || replayedSince !== null) {
      // After a replay the table is one built after the replayed events were read: a reused one could be older.
      const table = await tableFor(viewer.leagueId, viewer.locale, replayedSince);
      if (table && (table.provisional || replayedSince !== null)) viewer.stream.send(LIVE_EVENT.STANDINGS, table);
    }
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
    caps.release(viewer);
    if (set.size === 0) {
      byLeague.delete(viewer.leagueId);
      if (leaguesOf(viewer.competitionId).length === 0) deadlineChecked.delete(viewer.competitionId);
    }
    stopTimersWhenIdle();
  }

  return {
    /**
     * Opens a stream for an authorised viewer; resumes after `lastEventId` when given. Refused (before anything is
     * sent) while the app closes (503), past the caps of streamCaps.ts (429 per user or address, 503 per league or
     * process).
     */
    async open(reply: FastifyReply, who: StreamViewer, lastEventId: number | null): Promise<void> {
      if (closing) throw retryLater(503, 'errors.shutting_down', RETRY_AFTER_SECONDS);
      caps.reserve(who);
      try {
        unsubscribe ??= deps.live.subscribe((row) => { void enqueue(() => deliver(row), 'event delivery'); });
        await unsubscribe;
      } catch (error) {
        unsubscribe = null;
        caps.release(who);
        throw error;
      }
      // Registered before it catches up: what arrives meanwhile waits in its backlog, so nothing falls in between.
      const viewer: Viewer = { ...who, stream: new SseStream(reply), openedAt: Date.now(), backlog: [] };
      const set = byLeague.get(who.leagueId) ?? new Set();
      byLeague.set(who.leagueId, set.add(viewer));
      if (!deadlineChecked.has(who.competitionId)) deadlineChecked.set(who.competitionId, deps.clock.now());
      deps.metrics.liveStreams(1);
      void viewer.stream.closed.then(() => remove(viewer));
      startTimers();
      try {
        await catchUp(viewer, lastEventId);
      } catch (error) {
        onFailure(error, 'stream opening');
      }
      const backlog = viewer.backlog ?? [];
      viewer.backlog = null;
      for (const send of backlog) send(viewer.stream);
      if (settings.maxStreamMs === 0) viewer.stream.end();
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
