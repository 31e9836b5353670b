import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../platform/db/database';
import { createCup, type CupFixture } from '../../../testing/competitionFixture';
import { createLeague, finishMatch } from '../../../features/resultBets/testing/betsTestFixture';
import { recomputeCompetition } from '../../rescoring/recompute';
import { withMatchCompetitions } from '../../../testing/betCompetitions';

/** Test kit: a cup with `leagues` leagues of `members` players each, who all bet on the first matchday. */
export interface ResultJobWorld { cup: CupFixture; leagueIds: number[]; matchday: number[]; userIds: number[] }

const BULK = 500;

async function insertUsers(db: Executor, count: number): Promise<number[]> {
  const ids: number[] = [];
  const tag = randomUUID().slice(0, 8);
  for (let from = 0; from < count; from += BULK) {
    const rows = Array.from({ length: Math.min(BULK, count - from) }, (_, i) => ({
      name: `Player ${from + i}`, email: `p${from + i}-${tag}@example.com`, password_hash: 'fixture-no-password',
      is_admin: 0 as const, email_verified: 0 as const, locale: 'en', created_at: 0, updated_at: 0,
    }));
    ids.push(...(await db.insertInto('users').values(rows).returning('id').execute()).map((r) => Number(r.id)));
  }
  return ids;
}

export async function resultJobWorld(db: Executor, options: { leagues: number; members: number; start: number }): Promise<ResultJobWorld> {
  const cup = await createCup(db, { start: options.start });
  const first = await db.selectFrom('matches').select(['id', 'matchday']).where('competition_id', '=', cup.competitionId)
    .orderBy('date').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const matchday = (await db.selectFrom('matches').select('id').where('competition_id', '=', cup.competitionId)
    .where('matchday', '=', first.matchday).orderBy('id').execute()).map((m) => Number(m.id));
  const userIds = await insertUsers(db, options.members);
  const leagueIds: number[] = [];
  for (let l = 0; l < options.leagues; l += 1) {
    const id = await createLeague(db, { competitionId: cup.competitionId, ownerId: userIds[0], members: userIds.map((u) => ({ id: u })) });
    leagueIds.push(id);
    const bets = userIds.flatMap((userId, u) => matchday.map((matchId, m) => ({
      league_id: id, user_id: userId, match_id: matchId, local_goals: (u + l + m) % 3, visiting_goals: (u * (m + 1)) % 2, updated_at: 0,
    })));
    for (let from = 0; from < bets.length; from += BULK) await db.insertInto('result_bets').values(await withMatchCompetitions(db, bets.slice(from, from + BULK))).execute();
  }
  return { cup, leagueIds, matchday, userIds };
}

/** Finishes the world's first matchday (its scores vary with `seed`). */
export async function finishMatchday(db: Executor, world: ResultJobWorld, seed: number): Promise<void> {
  for (const [i, id] of world.matchday.entries()) await finishMatch(db, id, (i + seed) % 3, (i * seed) % 2);
}

/** Every stored standing of these leagues, in a stable order: matchday rows and members' totals. */
export async function storedStandings(db: Executor, leagueIds: number[]) {
  return {
    matchdays: (await db.selectFrom('member_matchday_points').select(['league_id', 'user_id', 'matchday', 'points'])
      .where('league_id', 'in', leagueIds).orderBy('league_id').orderBy('user_id').orderBy('matchday').execute())
      .map((r) => ({ ...r, league_id: Number(r.league_id), user_id: Number(r.user_id) })),
    members: (await db.selectFrom('league_members').select(['league_id', 'user_id', 'points_rounds', 'points_people', 'points_bonus'])
      .where('league_id', 'in', leagueIds).orderBy('league_id').orderBy('user_id').execute())
      .map((r) => ({ ...r, league_id: Number(r.league_id), user_id: Number(r.user_id) })),
  };
}

/** What a from-scratch recompute of the whole competition stores (it is left stored). */
export async function recomputedStandings(db: Executor, world: ResultJobWorld) {
  await db.transaction().execute((trx) => recomputeCompetition(trx, world.cup.competitionId));
  return storedStandings(db, world.leagueIds);
}
