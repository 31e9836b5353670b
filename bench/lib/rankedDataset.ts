import { sql } from 'kysely';
import { createCompetitionPartitions } from '../../src/server/platform/db/competitionPartitions';
import type { Db } from '../../src/server/platform/db/database';
import { nameSortKey } from '../../src/server/domain/standings/nameKeys';
import { recomputeAfterResults, recomputeCompetition } from '../../src/server/domain/rescoring/recompute';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface RankedDataset {
  competitionId: number;
  /** The big leagues, each of `members` players of its own. */
  leagueIds: number[];
  /** A league of 1,000 members (players of the first big league who joined it later). */
  smallLeagueId: number;
  resultMatchId: number;
  openMatchId: number;
  /** Members of the first league with a bet on the open match (the saves measured). */
  writerIds: number[];
  /** A player near the bottom of the first league and of the overall ranking (their bets scored nothing). */
  bottomPlayerId: number;
}

const CHUNK = 20_000;

/** Players' names are `Player n`; their sort keys are computed by the app's rule, written a chunk at a time. */
async function writeNameKeys(db: Db, firstId: number, lastId: number): Promise<void> {
  for (let from = firstId; from <= lastId; from += CHUNK) {
    const ids: number[] = [];
    const en: string[] = [];
    const es: string[] = [];
    for (let id = from; id < Math.min(from + CHUNK, lastId + 1); id += 1) {
      const name = `Player ${id - firstId + 1}`;
      ids.push(id); en.push(nameSortKey(name, 'en')); es.push(nameSortKey(name, 'es'));
    }
    await sql`UPDATE users SET name_key_en = v.en, name_key_es = v.es
      FROM unnest(${ids}::bigint[], ${en}::text[], ${es}::text[]) AS v(id, en, es) WHERE users.id = v.id`.execute(db);
  }
}

/**
 * PostgreSQL only (generate_series): `leagues` leagues of `members` players each (every player in one of them), a
 * 1,000-member league, a played match everybody bet on (so every player is ranked already, in their league and in
 * the overall ranking, as in the middle of a tournament), the match whose result is timed (everybody bet on it too),
 * and an open match the first league's `writers` bet on.
 */
export async function createRankedDataset(db: Db, now: number, options: { leagues: number; members: number; writers: number }): Promise<RankedDataset> {
  const players = options.leagues * options.members;
  const { rows: [range] } = await sql<{ first: string; last: string }>`WITH made AS (
      INSERT INTO users (name, email, password_hash, is_admin, locale, email_reminders, created_at, updated_at)
      SELECT 'Player ' || n, 'ranked' || n || '@example.com', 'bench-no-password', 0, CASE WHEN n % 2 = 0 THEN 'es' ELSE 'en' END, 0, ${now}, ${now}
      FROM generate_series(1, ${players}::int) n RETURNING id)
    SELECT min(id) AS first, max(id) AS last FROM made`.execute(db);
  const [firstUser, lastUser] = [Number(range.first), Number(range.last)];
  await writeNameKeys(db, firstUser, lastUser);
  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: 'Ranked Cup', competition_type: 'cup', provider: 'manual', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await createCompetitionPartitions(db, competitionId);
  const teams = await db.insertInto('teams').values([0, 1].map((i) => ({
    team_name: `Ranked ${i}`, abbreviation: `RK${i}`, flag: null, is_flag: 0 as const, colors: '[]', external_key: `bench-ranked:${competitionId}:${i}`,
  }))).returning('id').execute();
  const match = (matchday: number, date: number, played: boolean) => ({
    competition_id: competitionId, group_id: null, round_id: 1, matchday, local_team_id: teams[0].id, visiting_team_id: teams[1].id,
    local_placeholder: null, visiting_placeholder: null, date, status: played ? 'finished' : 'scheduled', started: played ? 1 as const : 0 as const,
    finished: played ? 1 as const : 0 as const, local_goals: played ? 1 : null, visiting_goals: played ? 0 : null, local_goals_extra_time: null,
    visiting_goals_extra_time: null, local_penalties: null, visiting_penalties: null, held_result: null,
    external_key: `bench-ranked:${competitionId}:${matchday}`, updated_at: now,
  });
  const [, timed, open] = await db.insertInto('matches')
    .values([match(1, now - 2 * DAY, true), match(2, now - 3 * HOUR, false), match(3, now + 2 * DAY, false)]).returning('id').execute();
  const league = (n: string) => sql`'Ranked league ' || ${sql.raw(n)}, 'ranked league ' || ${sql.raw(n)}, ${competitionId}, ${firstUser}, 'exact', 'winner_and_goals',
    1, 0, 0, 0, 0, 0, 1, 'regular', 'bench-ranked-' || ${sql.raw(n)} || '-' || ${competitionId}, ${now}, ${now}`;
  const columns = sql`name, name_normalized, competition_id, owner_id, bets_system, points_system, playoff_results_points, round_bets_enabled,
    person_bets_enabled, allow_invite, allow_join, editable_after_start, start_matchday, knockout_basis, share_token, created_at, updated_at`;
  await sql`INSERT INTO leagues (${columns}) SELECT ${league('n')} FROM generate_series(1, ${options.leagues}::int) n`.execute(db);
  const leagueIds = (await db.selectFrom('leagues').select('id').where('competition_id', '=', competitionId).orderBy('id').execute()).map((l) => Number(l.id));
  await sql`INSERT INTO leagues (${columns}) SELECT ${league("'small'")}`.execute(db);
  const small = await db.selectFrom('leagues').select('id').where('competition_id', '=', competitionId).where('id', 'not in', leagueIds).executeTakeFirstOrThrow();
  // Player k is in big league k % leagues; the first 1,000 players of the first league joined the small one later.
  await sql`INSERT INTO league_members (league_id, user_id, department, joined_at)
    SELECT (${sql.val(leagueIds)}::bigint[])[1 + (u.id - ${firstUser}) % ${options.leagues}], u.id, NULL, ${now}
    FROM users u WHERE u.id BETWEEN ${firstUser} AND ${lastUser} ORDER BY 1, 2`.execute(db);
  await sql`INSERT INTO league_members (league_id, user_id, department, joined_at)
    SELECT ${small.id}, lm.user_id, NULL, ${now + 1} FROM league_members lm WHERE lm.league_id = ${leagueIds[0]} ORDER BY lm.user_id LIMIT 1000`.execute(db);
  // Bets on the played match and on the timed one: every player in every league of theirs. Scores spread over 0-3.
  for (const [matchId, seed] of [[Number(timed.id) - 1, 1], [Number(timed.id), 2]] as const) {
    await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
      SELECT lm.league_id, lm.user_id, ${matchId}, 0, (lm.user_id * ${seed} + lm.league_id) % 4, (lm.user_id * 7 + ${seed}) % 3, 0, ${now}, ${competitionId}
      FROM league_members lm WHERE lm.league_id IN (${sql.join([...leagueIds, Number(small.id)])}) ORDER BY lm.league_id, lm.user_id`.execute(db);
  }
  const writerIds = (await db.selectFrom('league_members').select('user_id').where('league_id', '=', leagueIds[0])
    .orderBy('user_id').limit(options.writers).execute()).map((m) => Number(m.user_id));
  await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
    SELECT ${leagueIds[0]}, u, ${open.id}, 0, 1, 1, 0, ${now}, ${competitionId} FROM unnest(${sql.val(writerIds)}::bigint[]) u`.execute(db);
  // The played match counted: every table and the overall ranking hold it (one big recompute, as an import does).
  await sql`VACUUM ANALYZE`.execute(db);
  await db.transaction().execute((trx) => recomputeCompetition(trx, competitionId));
  await sql`UPDATE matches SET standings_scored = 1 WHERE id = ${Number(timed.id) - 1}`.execute(db);
  const bottom = await db.selectFrom('member_standings').select('user_id').where('league_id', '=', leagueIds[0])
    .orderBy('k0', 'desc').orderBy('user_id', 'desc').limit(1).executeTakeFirstOrThrow();
  return {
    competitionId, leagueIds, smallLeagueId: Number(small.id), resultMatchId: Number(timed.id), openMatchId: Number(open.id),
    writerIds, bottomPlayerId: Number(bottom.user_id),
  };
}

/** The dataset an earlier run left in a kept schema (BENCH_PG_SCHEMA), its timed match made unplayed again. */
export async function existingRankedDataset(db: Db): Promise<RankedDataset | null> {
  const cup = await db.selectFrom('competitions').select('id').where('name', '=', 'Ranked Cup').executeTakeFirst();
  if (!cup) return null;
  const competitionId = Number(cup.id);
  const leagues = await db.selectFrom('leagues').select(['id', 'name']).where('competition_id', '=', competitionId).orderBy('id').execute();
  const [, timed, open] = await db.selectFrom('matches').select('id').where('competition_id', '=', competitionId).orderBy('matchday').execute();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('matches').set({ finished: 0, started: 0, status: 'scheduled', local_goals: null, visiting_goals: null })
      .where('id', '=', timed.id).execute();
    // A result counted by an earlier run is withdrawn again, as a withdrawn result is.
    await recomputeAfterResults(trx, competitionId, [Number(timed.id)]);
  });
  const leagueIds = leagues.filter((l) => l.name !== 'Ranked league small').map((l) => Number(l.id));
  const writerIds = (await db.selectFrom('result_bets').select('user_id').where('competition_id', '=', competitionId)
    .where('league_id', '=', leagueIds[0]).where('match_id', '=', open.id).orderBy('user_id').execute()).map((b) => Number(b.user_id));
  const bottom = await db.selectFrom('member_standings').select('user_id').where('league_id', '=', leagueIds[0])
    .orderBy('k0', 'desc').orderBy('user_id', 'desc').limit(1).executeTakeFirstOrThrow();
  return {
    competitionId, leagueIds, smallLeagueId: Number(leagues.find((l) => l.name === 'Ranked league small')!.id),
    resultMatchId: Number(timed.id), openMatchId: Number(open.id), writerIds, bottomPlayerId: Number(bottom.user_id),
  };
}
