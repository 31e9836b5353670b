import type { Locale } from '../../../shared/domain/locales';
import type { ResultProgressPayload } from '../../domain/resultJobs/resultProgress';
import type { AppDeps } from '../../platform/deps';
import { translate } from '../../platform/i18n/messages';
import { deliver } from '../../platform/push/pushDelivery';
import { deleteSubscriptionsByEndpoint, subscriptionsOf } from '../../platform/push/pushRepository';
import * as marks from './titleRaceMarksRepository';
import { readRace } from './titleRaceService';

/**
 * After results, members are told by push when they have just been knocked out of the race (they could win, now
 * they cannot) or have just clinched it. Each league's marks are compared with the ones stored the last time; a
 * member seen for the first time is stored without a push. Only members with push subscriptions are told (the
 * push setting), in their language. It runs once a result job has brought every league's table up to its results,
 * from the live event that announces it, so a result write never waits for it and no race is judged on a finished
 * match whose points the tables do not hold yet.
 */

interface RaceNotice { user_id: number; league_id: number; kind: 'out' | 'clinched' }

const key = (m: marks.Mark) => `${Number(m.can_win)}${Number(m.clinched)}`;
const markOf = (text: string): marks.Mark => ({ can_win: text[0] === '1', clinched: text[1] === '1' });

/** Compares and stores the marks of every league of the competition; answers the notices to send. */
export async function raceChanges(deps: AppDeps, competitionId: number): Promise<RaceNotice[]> {
  const { db } = deps;
  const now = deps.clock.now();
  const notices: RaceNotice[] = [];
  for (const league of await marks.listCompetitionLeagues(db, competitionId)) {
    const { bounds } = await readRace(db, league.id, now);
    const stored = await marks.listMarks(db, league.id);
    await marks.insertMarks(db, league.id, bounds.filter((b) => !stored.has(b.user_id)).map((b) => ({ user_id: b.user_id, mark: b })), now);
    const moves = new Map<string, number[]>();
    for (const b of bounds) {
      const before = stored.get(b.user_id);
      if (!before || key(before) === key(b)) continue;
      const move = `${key(before)}>${key(b)}`;
      moves.set(move, [...(moves.get(move) ?? []), b.user_id]);
    }
    for (const [move, userIds] of moves) {
      const [from, to] = move.split('>').map(markOf);
      const moved = await marks.moveMarks(db, league.id, userIds, from, to, now);
      const kind: RaceNotice['kind'] | null = from.can_win && !to.can_win ? 'out' : !from.clinched && to.clinched ? 'clinched' : null;
      if (kind) notices.push(...moved.map((user_id) => ({ user_id, league_id: league.id, kind })));
    }
  }
  return notices;
}

/** Sends the notices to the members' devices; subscriptions the push service no longer knows are removed. */
async function sendRaceNotices(deps: AppDeps, notices: RaceNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const { db } = deps;
  const userIds = [...new Set(notices.map((n) => n.user_id))];
  const leagueNames = new Map((await db.selectFrom('leagues').select(['id', 'name']).where('id', 'in', [...new Set(notices.map((n) => n.league_id))]).execute())
    .map((l) => [Number(l.id), l.name]));
  const locales = new Map((await marks.listRecipients(db, userIds)).map((u) => [u.id, (u.locale === 'es' ? 'es' : 'en') as Locale]));
  const devices = await subscriptionsOf(db, userIds);
  const gone: string[] = [];
  await Promise.all(notices.flatMap((notice) => {
    const locale = locales.get(notice.user_id);
    if (!locale) return [];
    const league = leagueNames.get(notice.league_id) ?? '';
    const payload = {
      title: league,
      body: translate(locale, notice.kind === 'out' ? 'title_race.push_out' : 'title_race.push_clinched', { league }),
      url: `/leagues/${notice.league_id}`,
    };
    return devices.filter((d) => d.user_id === notice.user_id).map(async (device) => {
      if (await deliver(deps, device, payload) === 'gone') gone.push(device.endpoint);
    });
  }));
  await deleteSubscriptionsByEndpoint(db, gone);
}

/**
 * Looks at the race of a competition's leagues whenever one of its result jobs ends (its last progress event). One
 * look per competition at a time; events arriving meanwhile cause one more look afterwards. Answers how to stop
 * listening.
 */
export async function startTitleRaceNotices(deps: AppDeps): Promise<() => void> {
  const waiting = new Set<number>();
  const running = new Set<number>();
  const look = async (competitionId: number): Promise<void> => {
    if (running.has(competitionId)) { waiting.add(competitionId); return; }
    running.add(competitionId);
    try {
      await sendRaceNotices(deps, await raceChanges(deps, competitionId));
    } catch (error) {
      deps.log.error({ err: error, competitionId }, 'title race notices failed');
    } finally {
      running.delete(competitionId);
      if (waiting.delete(competitionId)) void look(competitionId);
    }
  };
  return deps.live.subscribe((event) => {
    if (event.kind !== 'result_progress') return;
    if ((JSON.parse(event.payload) as ResultProgressPayload).finished) void look(event.competition_id);
  });
}
