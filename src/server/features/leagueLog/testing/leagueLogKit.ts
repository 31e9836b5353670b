import { sql } from 'kysely';
import { canonicalJson, entryHash, GENESIS_HASH } from '../../../domain/leagueLog/canonical';
import type { Executor } from '../../../platform/db/database';
import { createCup } from '../../../testing/competitionFixture';
import { createUserWithToken } from '../../../testing/fixtures';
import { call, type TestApp } from '../../../testing/harness';
import { createLeague } from '../../resultBets/testing/betsTestFixture';
import { withMatchCompetitions } from '../../../testing/betCompetitions';

export const HOUR = 3_600_000;

/** A cup starting in three hours; a league of Olga (owner), Ana and Bob; an outsider, an admin; Ana's empty bet. */
export async function setupLeagueLog(t: TestApp) {
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(t.deps.db, { start });
  const [owner, ana, bob, outsider] = await Promise.all(['Olga', 'Ana', 'Bob', 'Out'].map((name) => createUserWithToken(t.deps, { name })));
  const admin = await createUserWithToken(t.deps, { name: 'Admin', is_admin: true });
  const leagueId = await createLeague(t.deps.db, {
    competitionId: cup.competitionId, ownerId: owner.id, members: [{ id: owner.id }, { id: ana.id }, { id: bob.id }],
  });
  const matchId = cup.groupMatchIds[0];
  const { id: betId } = await t.deps.db.insertInto('result_bets')
    .values(await withMatchCompetitions(t.deps.db, { league_id: leagueId, user_id: ana.id, match_id: matchId, local_goals: null, visiting_goals: null, updated_at: 0 }))
    .returning('id').executeTakeFirstOrThrow();
  return { start, cup, owner, ana, bob, outsider, admin, leagueId, matchId, betId: Number(betId) };
}

export const api = (t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object, locale = 'en') =>
  call(t.app, { method, url: `/api/v1/${locale}${path}`, token, ...(payload && { payload }) });

export const readLog = async (t: TestApp, leagueId: number, token: string) => (await api(t, 'GET', `/leagues/log/${leagueId}`, token)).data.entries;

/**
 * Someone who can write the database (and drop the triggers that keep the log append-only), as the tampering tests
 * need; the log key stays out of reach.
 */
export async function dropLogGuards(db: Executor, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    await sql`ALTER TABLE league_log DISABLE TRIGGER USER`.execute(db);
    return;
  }
  for (const trigger of ['league_log_no_update', 'league_log_no_delete']) await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
}

/**
 * Entries as the log wrote them before it was keyed (sha256 chain, scheme 1), appended after the league's current
 * tail: the rows an existing installation carries into the keyed log.
 */
export async function insertUnkeyedEntries(
  db: Executor, leagueId: number, entries: { actorId: number | null; action: string; details: Record<string, unknown>; createdAt: number }[],
): Promise<void> {
  const tail = await db.selectFrom('league_log').select(['seq', 'hash']).where('league_id', '=', leagueId).orderBy('seq', 'desc')
    .executeTakeFirst();
  let seq = tail ? Number(tail.seq) : 0;
  let prev = tail?.hash ?? GENESIS_HASH;
  for (const entry of entries) {
    seq += 1;
    const details = JSON.parse(canonicalJson(entry.details)) as unknown;
    const content = { league_id: leagueId, seq, actor_id: entry.actorId, action: entry.action, details, created_at: entry.createdAt };
    const hash = entryHash(prev, content, 1, new Uint8Array());
    await db.insertInto('league_log').values({ ...content, details: canonicalJson(details), prev_hash: prev, hash, scheme: 1 }).execute();
    prev = hash;
  }
}
