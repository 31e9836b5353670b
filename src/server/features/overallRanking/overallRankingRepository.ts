import type { Executor } from '../../platform/db/database';

/** Reads the overall ranking needs besides its ranked rows: the competition, the player's leagues and choice. */

export async function competitionExists(db: Executor, competitionId: number): Promise<boolean> {
  return (await db.selectFrom('competitions').select('id').where('id', '=', competitionId).executeTakeFirst()) !== undefined;
}

/** The player's leagues of the competition, first joined first. */
export async function leaguesOfPlayer(db: Executor, competitionId: number, userId: number) {
  return db.selectFrom('league_members as lm').innerJoin('leagues as l', 'l.id', 'lm.league_id')
    .select(['l.id', 'l.name']).where('lm.user_id', '=', userId).where('l.competition_id', '=', competitionId)
    .orderBy('lm.joined_at').orderBy('l.id').execute();
}

export async function mainLeagueOf(db: Executor, competitionId: number, userId: number): Promise<number | null> {
  const row = await db.selectFrom('competition_main_leagues').select('league_id')
    .where('competition_id', '=', competitionId).where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.league_id) : null;
}

export async function setMainLeague(db: Executor, competitionId: number, userId: number, leagueId: number): Promise<void> {
  await db.insertInto('competition_main_leagues').values({ competition_id: competitionId, user_id: userId, league_id: leagueId })
    .onConflict((oc) => oc.columns(['competition_id', 'user_id']).doUpdateSet({ league_id: leagueId })).execute();
}

export async function isHidden(db: Executor, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('ranking_hidden').where('id', '=', userId).executeTakeFirst();
  return Number(row?.ranking_hidden ?? 0) === 1;
}

/**
 * Ranked players of the competition whose name's sort key starts with `prefix` (the base level of the searched
 * text: accents and case do not matter), found through the users' key index; at most `limit`.
 */
export async function playersNamed(db: Executor, competitionId: number, column: 'name_key_en' | 'name_key_es', prefix: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('users as u')
    .innerJoin('competition_main_leagues as cml', (join) => join.onRef('cml.user_id', '=', 'u.id').on('cml.competition_id', '=', competitionId))
    .innerJoin('member_standings as ms', (join) => join.onRef('ms.league_id', '=', 'cml.league_id').onRef('ms.user_id', '=', 'u.id'))
    .select('u.id').where(`u.${column}`, '>=', prefix).where(`u.${column}`, '<', `${prefix}\u{D7FF}`).where('ms.in_overall', '=', 1)
    .orderBy(`u.${column}`).orderBy('u.id').limit(limit).execute();
  return rows.map((row) => Number(row.id));
}
