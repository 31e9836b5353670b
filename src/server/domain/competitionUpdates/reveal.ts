import type { Db, Executor } from '../../platform/db/database';
import { advanceKnockoutTeams } from '../competitions/advanceKnockout';
import { applyResults, holdCompetitionResults } from '../resultJobs/applyResults';
import { MATCH_STATUS, recountScorerGoals } from '../competitions/competitionStateRepository';
import { goalRowOf, parseHeldResult, serializeHeldResult } from '../competitions/heldResult';
import { playReplayedMatches } from '../competitions/replayLive';
import { replayDurationMs } from '../competitions/replayTimeline';
import { chunks, type GoalRow } from '../competitions/importRepository';

/** Knockout rounds are filled from earlier results, which may themselves be due in the same call. */
const MAX_PASSES = 10;

/** What a replay step changed: matches whose result came in, matches in play whose clock or score moved. */
interface ReplayStep { revealed: number[]; playing: number[] }

/**
 * Plays replayed matches (replayed imports, the demo) on to `now`: marks matches whose kickoff has passed as
 * started, reveals the held results whose replay has ended (replayTimeline.ts) and applies them (a result job), and
 * moves the clock and provisional score of those still in play. Safe to run from several processes at once: a
 * result is claimed by the update that clears it.
 */
export async function advanceReplays(db: Db | Executor, now: number, competitionId?: number): Promise<ReplayStep> {
  const run = async (trx: Executor) => {
    const revealed = await revealInTransaction(trx, now, competitionId);
    return { revealed, playing: await playReplayedMatches(trx, now, competitionId) };
  };
  return db.isTransaction ? run(db) : (db as Db).transaction().execute(run);
}

/** advanceReplays, answering the revealed match ids. */
export async function revealDueResults(db: Db | Executor, now: number, competitionId?: number): Promise<number[]> {
  return (await advanceReplays(db, now, competitionId)).revealed;
}

async function revealInTransaction(trx: Executor, now: number, competitionId?: number): Promise<number[]> {
  const revealed = new Map<number, number[]>();
  const replaying = await trx.selectFrom('matches').select('competition_id').distinct()
    .where('held_result', 'is not', null).where('date', '<=', now)
    .$if(competitionId !== undefined, (qb) => qb.where('competition_id', '=', competitionId!))
    .execute();
  await holdCompetitionResults(trx, replaying.map((m) => Number(m.competition_id)));
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    await trx.updateTable('matches')
      .set({ started: 1, status: MATCH_STATUS.IN_PLAY, updated_at: now })
      .where('held_result', 'is not', null).where('started', '=', 0).where('date', '<=', now)
      .$if(competitionId !== undefined, (qb) => qb.where('competition_id', '=', competitionId!))
      .execute();
    const due = (await trx.selectFrom('matches')
      .select(['id', 'competition_id', 'held_result', 'date'])
      .where('held_result', 'is not', null).where('date', '<=', now)
      .$if(competitionId !== undefined, (qb) => qb.where('competition_id', '=', competitionId!))
      .orderBy('date').orderBy('id')
      .execute()).filter((m) => Number(m.date) + replayDurationMs(parseHeldResult(m.held_result!)) <= now);
    if (due.length === 0) break;

    const goals: GoalRow[] = [];
    const touched = new Set<number>();
    for (const match of due) {
      const held = parseHeldResult(match.held_result!);
      const result = await trx.updateTable('matches')
        .set({
          ...held.score, ...held.teams, started: 1, finished: 1, status: MATCH_STATUS.FINISHED, held_result: null,
          live_phase: null, live_minute: null, live_added: null, updated_at: now,
        })
        .where('id', '=', match.id).where('held_result', 'is not', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      goals.push(...held.goals.map((g) => goalRowOf(g, match.id)));
      revealed.set(match.competition_id, [...(revealed.get(match.competition_id) ?? []), match.id]);
      touched.add(match.competition_id);
    }
    for (const batch of chunks(goals)) await trx.insertInto('match_goals').values(batch).execute();
    for (const id of touched) await recountScorerGoals(trx, id);
    const demos = touched.size === 0 ? [] : await trx.selectFrom('competitions').select('id')
      .where('id', 'in', [...touched]).where('provider', '=', 'demo').execute();
    for (const demo of demos) await advanceKnockoutTeams(trx, demo.id, now);
    for (const id of touched) await revealKnockoutTeams(trx, id, now);
  }
  for (const [id, matchIds] of revealed) {
    await applyResults(trx, { competitionId: id, matchIds, trigger: 'scheduled', now });
  }
  return [...revealed.values()].flat();
}

/**
 * Replayed knockout matches show their teams once every match before their round's first kickoff is finished
 * (the held teams were decided by those results).
 */
async function revealKnockoutTeams(trx: Executor, competitionId: number, now: number): Promise<void> {
  const matches = await trx.selectFrom('matches')
    .select(['id', 'round_id', 'date', 'finished', 'status', 'held_result', 'local_team_id', 'visiting_team_id'])
    .where('competition_id', '=', competitionId)
    .execute();
  const waiting = matches.filter((m) => m.held_result !== null && m.local_team_id === null && m.visiting_team_id === null
    && parseHeldResult(m.held_result).teams);
  if (waiting.length === 0) return;
  const roundStart = new Map<number, number>();
  for (const m of matches) roundStart.set(m.round_id, Math.min(roundStart.get(m.round_id) ?? Infinity, m.date));
  const pending = matches.filter((m) => !m.finished && m.status !== MATCH_STATUS.POSTPONED).map((m) => m.date);
  const firstPending = Math.min(...pending);
  for (const m of waiting) {
    if (firstPending < roundStart.get(m.round_id)!) continue;
    const { teams, ...rest } = parseHeldResult(m.held_result!);
    await trx.updateTable('matches')
      .set({ ...teams, held_result: serializeHeldResult(rest), updated_at: now })
      .where('id', '=', m.id)
      .execute();
  }
}
