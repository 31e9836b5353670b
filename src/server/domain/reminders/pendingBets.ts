import { BET_LOCK_MS, competitionKickoffs, pickDeadline } from '../../../shared/domain/deadlines';
import { ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';
import * as repo from './pendingBetsRepository';

/** What members still have to do before deadlines in a window: the source of alerts and reminders. */

export interface PendingResults {
  kind: 'results'; user_id: number; league_id: number; league_name: string; competition_id: number; matchday: number; missing: number;
  deadline: number;
}
export interface PendingPicks {
  kind: 'picks'; user_id: number; league_id: number; league_name: string; round_id: number; matchday: number | null;
  missing: number; deadline: number;
}
export type PendingItem = PendingResults | PendingPicks;

type KickoffRow = Awaited<ReturnType<typeof repo.pickKickoffs>>[number];

/** Pick deadlines per competition, rule and (league competitions) start matchday, with the anchor matchday. */
function pickDeadlines(kickoffs: KickoffRow[]) {
  const byCompetition = new Map<number, KickoffRow[]>();
  for (const row of kickoffs) byCompetition.set(row.competition_id, [...(byCompetition.get(row.competition_id) ?? []), row]);
  const cache = new Map<string, { deadline: number | null; matchday: number | null }>();
  return (competitionId: number, roundId: number, startMatchday: number) => {
    const rows = byCompetition.get(competitionId) ?? [];
    const isLeague = rows[0]?.competition_type === 'league';
    const key = `${competitionId}:${roundId}:${isLeague ? startMatchday : 1}`;
    let found = cache.get(key);
    if (!found) {
      const deadline = pickDeadline(roundId, competitionKickoffs(rows, { is_league: isLeague, start_matchday: startMatchday }));
      const anchor = deadline === null ? undefined
        : rows.filter((r) => r.date === deadline + BET_LOCK_MS).sort((a, b) => a.matchday - b.matchday)[0];
      found = { deadline, matchday: anchor?.matchday ?? null };
      cache.set(key, found);
    }
    return found;
  };
}

/** Every pending item with a deadline in (now, now + windowMs]; one user's only when `userId` is given. */
export async function pendingItems(db: Executor, now: number, windowMs: number, userId?: number): Promise<PendingItem[]> {
  const window = { from: now, to: now + windowMs };
  const competitionIds = userId === undefined ? undefined : await repo.userCompetitionIds(db, userId);
  const [results, kickoffs] = await Promise.all([
    repo.missingResultBets(db, { ...window, userId }),
    competitionIds?.length === 0 ? Promise.resolve([]) : repo.pickKickoffs(db, competitionIds),
  ]);
  const deadlineOf = pickDeadlines(kickoffs);
  const rules = await repo.competitionRules(db, [...new Set(kickoffs.map((k) => k.competition_id))]);
  const matchdays = [...new Set(kickoffs.map((k) => k.matchday))];
  // Rules that may close in the window for some start matchday; exact deadlines are checked per league below.
  const inWindow = (d: number | null) => d !== null && d > window.from && d <= window.to;
  const candidates = rules.filter((rule) => rule.round_id !== ROUND.THIRD_PLACE
    && [1, ...matchdays].some((md) => inWindow(deadlineOf(rule.competition_id, rule.round_id, md).deadline)));
  const counts = await repo.pickCounts(db, { ruleIds: candidates.map((r) => r.id), userId });
  const competitionOfRule = new Map(rules.map((r) => [r.id, r.competition_id]));
  const picks: PendingPicks[] = [];
  for (const row of counts) {
    // Pinned once its picks were shown (a league competition whose start_matchday changed): they are closed.
    if (row.picked >= row.picks || row.picks_shown_kickoff !== null) continue;
    const { deadline, matchday } = deadlineOf(competitionOfRule.get(row.rule_id)!, row.round_id, row.start_matchday);
    if (!inWindow(deadline)) continue;
    picks.push({
      kind: 'picks', user_id: row.user_id, league_id: row.league_id, league_name: row.league_name, round_id: row.round_id,
      matchday, missing: row.picks - row.picked, deadline: deadline!,
    });
  }
  const items: PendingItem[] = [...results.map((r) => ({ kind: 'results' as const, ...r })), ...picks];
  const order = (item: PendingItem) => (item.kind === 'results' ? 0 : item.round_id === ROUND.TOP_SCORER ? 2 : 1);
  return items.sort((a, b) => a.deadline - b.deadline || a.league_name.localeCompare(b.league_name)
    || a.league_id - b.league_id || order(a) - order(b));
}

interface PendingByUser { user_id: number; missing_results: number; missing_picks: number; league_ids: number[] }

/** Users with something pending in the window (for push and email reminders), few statements for everyone. */
export async function pendingBetsByUser(db: Executor, now: number, windowMs: number): Promise<PendingByUser[]> {
  const byUser = new Map<number, PendingByUser>();
  for (const item of await pendingItems(db, now, windowMs)) {
    const entry = byUser.get(item.user_id) ?? { user_id: item.user_id, missing_results: 0, missing_picks: 0, league_ids: [] };
    if (item.kind === 'results') entry.missing_results += item.missing;
    else entry.missing_picks += item.missing;
    if (!entry.league_ids.includes(item.league_id)) entry.league_ids.push(item.league_id);
    byUser.set(item.user_id, entry);
  }
  return [...byUser.values()].sort((a, b) => a.user_id - b.user_id);
}
