import type { Locale } from '../../../shared/domain/locales';
import type { SseStream } from '../../platform/live/sseStream';

/**
 * Who opens a stream: the signed-in caller (its session is checked again while the stream lasts), the client's
 * address as per-address limits count it, and the league.
 */
export interface StreamViewer {
  userId: number; sessionId: string; isAdmin: boolean; address: string; leagueId: number; competitionId: number; locale: Locale;
}

export interface Viewer extends StreamViewer {
  stream: SseStream; openedAt: number;
  /** While the stream catches up, live messages wait here (then they follow the catch-up, in order). */
  backlog: ((stream: SseStream) => void)[] | null;
}

/** Live messages held for a stream still catching up; past this the stream ends and the client reconnects. */
const BACKLOG_LIMIT = 100;

/** A live message for a viewer: now, or after its catch-up. */
export function sendTo(viewer: Viewer, send: (stream: SseStream) => void): void {
  if (!viewer.backlog) { send(viewer.stream); return; }
  if (viewer.backlog.length >= BACKLOG_LIMIT) { viewer.stream.end(); return; }
  viewer.backlog.push(send);
}

/** This process's open streams, by league, and the competitions they watch. */
export class LiveViewers {
  readonly byLeague = new Map<number, Set<Viewer>>();
  /** Competitions watched here -> the time up to which their bet deadlines were checked. */
  readonly deadlineChecked = new Map<number, number>();

  all(): Viewer[] {
    return [...this.byLeague.values()].flatMap((set) => [...set]);
  }

  leaguesOf(competitionId: number): number[] {
    return [...this.byLeague].filter(([, set]) => [...set][0]?.competitionId === competitionId).map(([id]) => id);
  }

  /** `now`: the app's clock, from which the competition's deadlines are watched when it is new here. */
  add(viewer: Viewer, now: number): void {
    const set = this.byLeague.get(viewer.leagueId) ?? new Set();
    this.byLeague.set(viewer.leagueId, set.add(viewer));
    if (!this.deadlineChecked.has(viewer.competitionId)) this.deadlineChecked.set(viewer.competitionId, now);
  }

  /** False when it was already gone. */
  remove(viewer: Viewer): boolean {
    const set = this.byLeague.get(viewer.leagueId);
    if (!set?.delete(viewer)) return false;
    if (set.size === 0) {
      this.byLeague.delete(viewer.leagueId);
      if (this.leaguesOf(viewer.competitionId).length === 0) this.deadlineChecked.delete(viewer.competitionId);
    }
    return true;
  }
}
