import type { FastifyReply } from 'fastify';
import { LIVE_EVENT } from '../../../shared/api/routes/live';
import type { AppDeps } from '../../platform/deps';
import { retryLater } from '../../platform/errors/errors';
import { leagueMatchesInPlay } from './liveEventsRepository';
import { createReplays, eventMessages, tableApplied } from './liveMessages';
import { apiMatches } from '../../domain/live/livePublisher';
import { SseStream } from '../../platform/live/sseStream';
import { createStreamCaps, RETRY_AFTER_SECONDS } from '../../platform/live/streamCaps';
import type { LiveEventRow } from '../../platform/live/liveEventStore';
import { createTableReuse, type StreamTable } from './liveTables';
import { createUpkeep } from './liveUpkeep';
import { LiveViewers, sendTo, type StreamViewer, type Viewer } from './liveViewers';

/**
 * This process's open live streams and how events reach them. Every event of the bus is turned
 * into messages per league that has streams here: `matches` with the league's matches, then the league's
 * `standings` (built once per league and language, see streamStandings.ts), `bets_visible` for the leagues whose
 * bet window closed, or a result job's `result_progress` (then the table, for the leagues its batch rewrote). Events are delivered one at a time through one queue; a new stream catches up on its own
 * (replays and tables shared with the streams opening alongside, liveMessages.ts), never through that queue, while
 * the events arriving meanwhile wait for it in its backlog. Timers keep the streams up (liveUpkeep.ts). Streams are capped
 * per user, client address, league and process (streamCaps.ts).
 */
export function createLiveHub(deps: AppDeps) {
  const settings = deps.config.live;
  const viewers = new LiveViewers();
  const caps = createStreamCaps(settings);
  const replays = createReplays(deps);
  const tableFor = createTableReuse(deps);
  let unsubscribe: Promise<() => void> | null = null;
  let queue: Promise<void> = Promise.resolve();
  let closing = false;

  function onFailure(error: unknown, what: string) {
    deps.log.warn({ err: error }, `live streams: ${what} failed`);
  }

  function enqueue(work: () => Promise<void>, what: string): Promise<void> {
    queue = queue.then(work).catch((error) => onFailure(error, what));
    return queue;
  }

  const upkeep = createUpkeep(deps, viewers, (work, what) => { void enqueue(work, what); }, onFailure);

  /** The messages of one event for every stream of this process. */
  async function deliver(row: LiveEventRow): Promise<void> {
    const receivedAt = Date.now();
    const leagueIds = viewers.leaguesOf(row.competition_id);
    if (leagueIds.length === 0) return;
    const messages = await eventMessages(deps, row, leagueIds);
    const tables = new Map<string, Promise<Awaited<StreamTable> | null>>();
    for (const [leagueId, message] of messages) {
      const targets = [...(viewers.byLeague.get(leagueId) ?? [])];
      // Match cards, and a result job's progress that rewrote this league's table, move the table; other events go on
      // their own, with the event id.
      if (message.event !== LIVE_EVENT.MATCHES && !(message.event === LIVE_EVENT.RESULT_PROGRESS && tableApplied(message))) {
        for (const viewer of targets) sendTo(viewer, (stream) => stream.send(message.event, message.data, row.id));
        continue;
      }
      // The match cards (or the progress) first; then the table, built once per language (a failure there still moves the cards).
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

  function remove(viewer: Viewer) {
    if (!viewers.remove(viewer)) return;
    deps.metrics.liveStreams(-1);
    caps.release(viewer);
    upkeep.stopWhenIdle();
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
      viewers.add(viewer, deps.clock.now());
      deps.metrics.liveStreams(1);
      void viewer.stream.closed.then(() => remove(viewer));
      upkeep.start();
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
      return viewers.all().length;
    },

    /** Graceful shutdown: every stream ends now (clients reconnect elsewhere), and no new one opens. */
    async close(): Promise<void> {
      closing = true;
      for (const viewer of viewers.all()) viewer.stream.end();
      upkeep.stop();
      if (unsubscribe) (await unsubscribe.catch(() => () => undefined))();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
