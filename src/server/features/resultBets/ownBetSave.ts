import { sql, type CompiledQuery } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { precompiled } from '../../platform/db/precompiled';
import { findUnscoredBet, ownOpenBetsUpdate, ownOpenBetUpdate, unscoredBetRows, type BetRow } from './resultBetsRepository';

/**
 * The hot write of a matchday (a member saving their own open bet), as few statements and commits as possible.
 *
 * PostgreSQL: the checked UPDATE and the read of the answer are one statement (one round trip), and the saves that
 * arrive together in one process are written together (a group commit): one statement over the batch's input rows,
 * so one round trip and one WAL flush for all of them instead of one each. Every save keeps its own checks (each row
 * is updated only if its own conditions hold), nothing is answered before the statement has committed, and if the
 * batch statement fails each save runs again on its own, so it gets its own answer or error.
 * SQLite: the update, then the read (an in-process call, no round trip); saves arriving together share one
 * transaction, so one commit (WAL append) instead of one each, with the same fallback.
 */

interface OwnBetSave { betId: number; userId: number; local: number | null; visiting: number | null; now: number; signOk: boolean }

const one = (save: OwnBetSave) => [save.betId, save.userId, save.local, save.visiting, save.now, save.signOk ? 1 : 0] as const;

// Built once per database (precompiled): Kysely's query building would cost more than the statement.
// The read sees the row as it was before the update (a statement's CTEs share one snapshot); the update only
// changes the goals, updated_at and (clearing the goals) the joker, which the caller knows. A saved bet is open (its
// match unfinished), so it has no points: the read does not score it (unscoredBetRows).
const saveAndRead = precompiled((db, betId: number, userId: number, local: number | null, visiting: number | null, now: number, signOk: number) =>
  sql<BetRow>`WITH saved AS (${ownOpenBetUpdate({ betId, userId, local, visiting, now, signOk })})
    ${unscoredBetRows(db).where('rb.id', '=', betId).where('rb.id', 'in', sql<number>`(SELECT id FROM saved)`)}`.compile(db), 6);

// The batch: one input row per save (PostgreSQL arrays, one per column), the same checks per row.
const saveManyAndRead = precompiled((db, betIds: number[], userIds: number[], locals: (number | null)[], visitings: (number | null)[], nows: number[], signOks: number[]) =>
  sql<BetRow>`WITH saved AS (${ownOpenBetsUpdate({ betIds, userIds, locals, visitings, nows, signOks })})
    ${unscoredBetRows(db).where('rb.id', 'in', sql<number>`(SELECT id FROM saved)`)}`.compile(db), 6);

const saveOnly = precompiled((db, betId: number, userId: number, local: number | null, visiting: number | null, now: number, signOk: number) =>
  ownOpenBetUpdate({ betId, userId, local, visiting, now, signOk }).compile(db) as CompiledQuery<{ id: number }>, 6);

// SQLite batches run in a transaction (a new executor each time): their statements are compiled once with the
// database, then run in the transaction, their parameters put in place the way `precompiled` does.
const sqliteStatements = new WeakMap<Executor, { update: CompiledQuery<{ id: number }>; find: CompiledQuery<BetRow>; slots: number[] }>();
const SLOT = -7_350_000_000_000;
function sqliteStatementsOf(db: Executor) {
  let statements = sqliteStatements.get(db);
  if (!statements) {
    const update = ownOpenBetUpdate({ betId: SLOT, userId: SLOT - 1, local: SLOT - 2, visiting: SLOT - 3, now: SLOT - 4, signOk: SLOT - 5 }).compile(db);
    const slots = update.parameters.map((value) => SLOT - (value as number));
    if (slots.some((slot) => slot < 0 || slot > 5)) throw new Error('ownBetSave: unexpected parameters');
    const find = unscoredBetRows(db).where('rb.id', '=', 0).compile();
    if (find.parameters.length !== 1) throw new Error('ownBetSave: unexpected parameters');
    sqliteStatements.set(db, (statements = { update, find, slots }));
  }
  return statements;
}

/** SQLite: the batch's saves in one transaction (one commit), each update then its read. */
async function saveManyInTransaction(db: Executor, saves: OwnBetSave[]): Promise<(BetRow | undefined)[]> {
  const { update, find, slots } = sqliteStatementsOf(db);
  return db.transaction().execute(async (trx) => {
    const out: (BetRow | undefined)[] = [];
    for (const save of saves) {
      const values = one(save);
      const { rows } = await trx.executeQuery<{ id: number }>({ ...update, parameters: slots.map((slot) => values[slot]) });
      out.push(rows.length === 1 ? (await trx.executeQuery<BetRow>({ ...find, parameters: [save.betId] })).rows[0] : undefined);
    }
    return out;
  });
}

const asSaved = (row: BetRow, save: OwnBetSave): BetRow => ({
  ...row, local_goals: save.local, visiting_goals: save.visiting, updated_at: save.now, joker: save.local === null ? 0 : row.joker,
});

async function saveAlone(db: Executor, dialect: 'sqlite' | 'postgres', save: OwnBetSave): Promise<BetRow | undefined> {
  if (dialect === 'postgres') {
    const [row] = await saveAndRead(db, ...one(save));
    return row && asSaved(row, save);
  }
  const [saved] = await saveOnly(db, ...one(save));
  return saved && findUnscoredBet(db, save.betId);
}

/** At most this many saves per statement (the arrays' length); more wait for the next batch. */
const MAX_BATCH = 100;
/**
 * Batches of one process in flight at once: more than one, so a batch waiting for a row lock held elsewhere (a
 * correction, a copy) does not hold up every other save of the process.
 */
const MAX_IN_FLIGHT = 4;

interface Pending { save: OwnBetSave; resolve: (row: BetRow | undefined) => void; reject: (error: unknown) => void }
interface Queue { pending: Pending[]; inFlight: number; scheduled: boolean; betsInFlight: Set<number> }
const queues = new WeakMap<Executor, Queue>();

/** The next batch: pending saves in arrival order, one per bet (a second save of a bet waits for the first's batch). */
function takeBatch(queue: Queue): Pending[] {
  const batch: Pending[] = [];
  const ids = new Set<number>();
  queue.pending = queue.pending.filter((item) => {
    const { betId } = item.save;
    if (batch.length >= MAX_BATCH || ids.has(betId) || queue.betsInFlight.has(betId)) return true;
    ids.add(betId);
    batch.push(item);
    return false;
  });
  return batch;
}

async function runBatch(db: Executor, dialect: 'sqlite' | 'postgres', batch: Pending[]): Promise<void> {
  if (batch.length === 1) {
    const [{ save, resolve, reject }] = batch;
    return saveAlone(db, dialect, save).then(resolve, reject);
  }
  const saves = batch.map((item) => item.save);
  let rows: (BetRow | undefined)[];
  try {
    if (dialect === 'sqlite') {
      rows = await saveManyInTransaction(db, saves);
    } else {
      const read = await saveManyAndRead(db, saves.map((s) => s.betId), saves.map((s) => s.userId), saves.map((s) => s.local),
        saves.map((s) => s.visiting), saves.map((s) => s.now), saves.map((s) => (s.signOk ? 1 : 0)));
      const byId = new Map(read.map((row) => [row.id, row]));
      rows = saves.map((save) => { const row = byId.get(save.betId); return row && asSaved(row, save); });
    }
  } catch {
    // Nothing of the batch was written (one statement, or a rolled-back transaction): each save again on its own,
    // with its own outcome.
    await Promise.all(batch.map(({ save, resolve, reject }) => saveAlone(db, dialect, save).then(resolve, reject)));
    return;
  }
  batch.forEach(({ resolve }, i) => resolve(rows[i]));
}

function schedule(db: Executor, dialect: 'sqlite' | 'postgres', queue: Queue): void {
  if (queue.scheduled || queue.inFlight >= MAX_IN_FLIGHT || queue.pending.length === 0) return;
  queue.scheduled = true;
  // The saves whose requests are read in the same turn of the event loop go together.
  setImmediate(() => {
    queue.scheduled = false;
    const batch = takeBatch(queue);
    if (batch.length === 0) return;
    queue.inFlight += 1;
    for (const { save } of batch) queue.betsInFlight.add(save.betId);
    void runBatch(db, dialect, batch).finally(() => {
      queue.inFlight -= 1;
      for (const { save } of batch) queue.betsInFlight.delete(save.betId);
      schedule(db, dialect, queue);
    });
    schedule(db, dialect, queue);
  });
}

/**
 * Saves the caller's own open bet and returns its row as saved (findBet's shape), or undefined when any check does
 * not hold: the caller then takes the checked path, which says why. Inside a transaction: on its own, in it.
 */
export function saveOwnOpenBet(db: Executor, dialect: 'sqlite' | 'postgres', save: OwnBetSave): Promise<BetRow | undefined> {
  if (db.isTransaction) return saveAlone(db, dialect, save);
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { pending: [], inFlight: 0, scheduled: false, betsInFlight: new Set() }));
  const pending = new Promise<BetRow | undefined>((resolve, reject) => queue.pending.push({ save, resolve, reject }));
  schedule(db, dialect, queue);
  return pending;
}
