import type { Executor } from '../../platform/db/database';
import type { PickKey } from './pickContextRepository';

/** Round picks name a team and person picks a person; otherwise their tables are the same. */
const ITEM_COLUMN = { round_bets: 'team_id', person_bets: 'person_id' } as const;
export type PickTable = keyof typeof ITEM_COLUMN;

function picksOfKey(db: Executor, table: PickTable, key: PickKey) {
  return db.selectFrom(table)
    .where('league_id', '=', key.leagueId).where('user_id', '=', key.userId)
    .where('league_rule_id', '=', key.ruleId).where('mode', '=', key.mode);
}

export async function countPicks(db: Executor, table: PickTable, key: PickKey): Promise<number> {
  const row = await picksOfKey(db, table, key).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The id of the member's pick of this team or person, if made. */
export async function findPick(db: Executor, table: PickTable, key: PickKey, itemId: number): Promise<number | undefined> {
  const row = await picksOfKey(db, table, key).select('id').where(ITEM_COLUMN[table], '=', itemId).executeTakeFirst();
  return row?.id;
}

export async function insertPick(db: Executor, table: PickTable, key: PickKey, itemId: number, now: number, byBot: 0 | 1 = 0): Promise<number> {
  const { id } = await db.insertInto(table).values({
    league_id: key.leagueId, user_id: key.userId, league_rule_id: key.ruleId, [ITEM_COLUMN[table]]: itemId, mode: key.mode,
    points: null, updated_at: now, by_bot: byBot,
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Whether a pick's last save came through a personal API token (a fill in person clears it). */
export async function setPickByBot(db: Executor, table: PickTable, id: number, byBot: 0 | 1): Promise<void> {
  await db.updateTable(table).set({ by_bot: byBot }).where('id', '=', id).where('by_bot', '<>', byBot).execute();
}

export async function deletePick(db: Executor, table: PickTable, id: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
