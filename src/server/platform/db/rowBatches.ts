import { CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database';
import type { Dialect } from './migrations/index';

/** The cursor a batched read declares (one per transaction, so one name serves every read). */
const CURSOR = 'porra_batched_rows';

/**
 * Reads the rows of `query` `size` at a time and hands each batch to `onBatch`, reading the next one only once that
 * has settled: a query of millions of rows is never held whole, and a slow consumer (a download over a slow link)
 * slows the reading down instead of piling rows up. A throwing `onBatch` (the reader has gone) stops the read.
 * - PostgreSQL: a server-side cursor (DECLARE ... NO SCROLL) in one read-only transaction: one snapshot and one sort,
 *   rows fetched a batch at a time; the transaction and its connection are held until the last batch, and rolled
 *   back when the read stops early.
 * - SQLite: pages of the same ordered statement (LIMIT/OFFSET), each its own read, so the single connection is free
 *   between batches; an embedded database's leagues are small, so re-reading up to the page is cheap there.
 */
export async function forEachBatch<DB, TB extends keyof DB, R>(
  db: Db, dialect: Dialect, query: SelectQueryBuilder<DB, TB, R>, size: number, onBatch: (rows: R[]) => Promise<void>,
): Promise<void> {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`a batch holds at least one row (got ${size})`);
  if (dialect === 'postgres') {
    const compiled = query.compile();
    await db.transaction().setAccessMode('read only').execute(async (trx) => {
      // Every row will be read: plan for the whole result, not for the first tenth (a cursor's default), which
      // trades the one sort for index walks and nested loops that cost many times more over millions of rows.
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL cursor_tuple_fraction = 1'));
      await trx.executeQuery(CompiledQuery.raw(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${compiled.sql}`, [...compiled.parameters]));
      for (;;) {
        const { rows } = await trx.executeQuery<R>(CompiledQuery.raw(`FETCH FORWARD ${size} FROM ${CURSOR}`));
        if (rows.length > 0) await onBatch(rows);
        if (rows.length < size) return;
      }
    });
    return;
  }
  for (let offset = 0; ; offset += size) {
    const rows = await query.limit(size).offset(offset).execute() as R[];
    if (rows.length > 0) await onBatch(rows);
    if (rows.length < size) return;
  }
}
