import type { Executor } from '../../platform/db/database';

/**
 * A competition is finished once it has matches and every one of them is finished or called off; a result
 * withdrawn (or a match added) opens it again. Derived in the transaction that records the results, before their
 * points: a finished competition closes its leagues ("The league has already finished") and lets its final-table
 * picks and the top scorer's bonus score.
 */
export async function refreshCompetitionFinished(db: Executor, competitionId: number, now: number): Promise<void> {
  const row = await db.selectFrom('matches')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.countAll<number | string>().filterWhere((w) => w.and([w('finished', '=', 0), w('status', '!=', 'cancelled')])).as('open'),
    ])
    .where('competition_id', '=', competitionId)
    .executeTakeFirstOrThrow();
  const finished = Number(row.total) > 0 && Number(row.open) === 0 ? 1 : 0;
  await db.updateTable('competitions').set({ finished, updated_at: now })
    .where('id', '=', competitionId).where('finished', '!=', finished).execute();
}
