import Dexie, { type EntityTable } from 'dexie';

/**
 * Bet saves made without a connection, kept in IndexedDB until they are sent. One row per bet: a
 * second edit of a bet still waiting replaces its values and keeps its place, so the rows go out in the order the
 * bets were first edited and each bet ends with its last value (undo and redo included).
 */
export interface PendingBetSave {
  seq?: number;
  betId: number;
  mode: number;
  local_goals: number | null;
  visiting_goals: number | null;
  /** Who saved it (null when not known yet): only that player's session sends it. */
  userId: number | null;
  /** How the bet reads for the user ("Spain - Germany"), for the messages after sending. */
  label: string;
  queuedAt: number;
}

class OfflineDb extends Dexie {
  betSaves!: EntityTable<PendingBetSave, 'seq'>;

  constructor() {
    super('porra-offline');
    this.version(1).stores({ betSaves: '++seq, &betId' });
  }
}

export const offlineDb = new OfflineDb();

/** Adds a save, or updates the waiting save of the same bet. Returns the number of saves waiting. */
export async function putPendingSave(save: Omit<PendingBetSave, 'seq'>): Promise<number> {
  return offlineDb.transaction('rw', offlineDb.betSaves, async () => {
    const waiting = await offlineDb.betSaves.where('betId').equals(save.betId).first();
    if (waiting) await offlineDb.betSaves.update(waiting.seq!, { ...save, queuedAt: waiting.queuedAt });
    else await offlineDb.betSaves.add(save);
    return offlineDb.betSaves.count();
  });
}

/**
 * Whether a waiting save may go out in the session of `userId`: the player's own, and those saved before the
 * session was known. A save of another player (who signed out meanwhile) waits for their next session.
 */
const sendableBy = (userId: number | null) => (save: PendingBetSave) => save.userId === null || save.userId === userId;

/** The oldest waiting save the session of `userId` may send. */
export const firstPendingSave = (userId: number | null): Promise<PendingBetSave | undefined> =>
  offlineDb.betSaves.orderBy('seq').filter(sendableBy(userId)).first();

/** How many waiting saves the session of `userId` may send. */
export const countPendingSavesOf = (userId: number | null): Promise<number> =>
  offlineDb.betSaves.filter(sendableBy(userId)).count();

/**
 * Removes a save once answered, unless the bet was edited again meanwhile (its values changed): that newer value
 * still has to go out. Returns the number of saves waiting.
 */
export async function removePendingSave(sent: PendingBetSave): Promise<number> {
  return offlineDb.transaction('rw', offlineDb.betSaves, async () => {
    const current = await offlineDb.betSaves.get(sent.seq!);
    if (current && current.local_goals === sent.local_goals && current.visiting_goals === sent.visiting_goals && current.mode === sent.mode) {
      await offlineDb.betSaves.delete(sent.seq!);
    }
    return offlineDb.betSaves.count();
  });
}

export const countPendingSaves = (): Promise<number> => offlineDb.betSaves.count();
