import type { Executor } from '../../platform/db/database';
import { parseHeldResult } from './heldResult';
import { replayStateAt } from './replayTimeline';

/**
 * Replayed matches in play (kicked off, result still held) take the phase, minute and provisional score their
 * replay reached at `now`; only rows that changed are written (stamped `now`, so the live streams are told).
 * Knockout matches whose teams are still hidden wait. Returns the ids written.
 */
export async function playReplayedMatches(trx: Executor, now: number, competitionId?: number): Promise<number[]> {
  const rows = await trx.selectFrom('matches')
    .select(['id', 'date', 'held_result', 'live_phase', 'live_minute', 'live_added', 'local_goals', 'visiting_goals',
      'local_goals_extra_time', 'visiting_goals_extra_time'])
    .where('held_result', 'is not', null).where('date', '<=', now).where('finished', '=', 0)
    .where('local_team_id', 'is not', null).where('visiting_team_id', 'is not', null)
    .$if(competitionId !== undefined, (qb) => qb.where('competition_id', '=', competitionId!))
    .orderBy('date').orderBy('id')
    .execute();
  const written: number[] = [];
  for (const row of rows) {
    const state = replayStateAt(parseHeldResult(row.held_result!), now - Number(row.date));
    if (typeof state === 'string') continue;
    const next = {
      live_phase: state.phase, live_minute: state.minute, live_added: state.added,
      local_goals: state.local_goals, visiting_goals: state.visiting_goals,
      local_goals_extra_time: state.local_goals_extra_time, visiting_goals_extra_time: state.visiting_goals_extra_time,
    };
    if ((Object.keys(next) as (keyof typeof next)[]).every((key) => row[key] === next[key])) continue;
    const result = await trx.updateTable('matches').set({ ...next, updated_at: now })
      .where('id', '=', row.id).where('held_result', 'is not', null).where('finished', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) written.push(row.id);
  }
  return written;
}
