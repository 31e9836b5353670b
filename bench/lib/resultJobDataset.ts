import { sql } from 'kysely';
import type { Db } from '../../src/server/platform/db/database';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface ResultJobDataset { competitionId: number; leagueIds: number[]; resultMatchId: number; openMatchId: number; writerIds: number[] }

/**
 * PostgreSQL only (generate_series): `players` players, each a member of all `leagues` leagues of one cup, every
 * membership with a bet on the match whose result is timed (players x leagues bets), and `writers` members of the
 * first league with a bet on the next, open match (the bet saves measured during the job).
 */
export async function createResultJobDataset(db: Db, now: number, players: number, leagues: number, writers: number): Promise<ResultJobDataset> {
  await sql`INSERT INTO users (name, email, password_hash, is_admin, locale, email_reminders, created_at, updated_at)
    SELECT 'Player ' || n, 'rj' || n || '@example.com', 'bench-no-password', 0, 'en', 0, ${now}, ${now}
    FROM generate_series(1, ${players}::int) n`.execute(db);
  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: 'Result Job Cup', competition_type: 'cup', provider: 'manual', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const teams = await db.insertInto('teams').values([0, 1].map((i) => ({
    team_name: `Side ${i}`, abbreviation: `S0${i}`, flag: null, is_flag: 0 as const, colors: '[]', external_key: `bench-rj:${competitionId}:${i}`,
  }))).returning('id').execute();
  const match = (matchday: number, date: number) => ({
    competition_id: competitionId, group_id: null, round_id: 1, matchday, local_team_id: teams[0].id, visiting_team_id: teams[1].id,
    local_placeholder: null, visiting_placeholder: null, date, status: 'scheduled', started: 0 as const, finished: 0 as const,
    local_goals: null, visiting_goals: null, local_goals_extra_time: null, visiting_goals_extra_time: null,
    local_penalties: null, visiting_penalties: null, held_result: null, external_key: `bench-rj:${competitionId}:${matchday}`, updated_at: now,
  });
  const [played, open] = await db.insertInto('matches').values([match(1, now - 3 * HOUR), match(2, now + 2 * DAY)]).returning('id').execute();
  await sql`INSERT INTO leagues (name, name_normalized, competition_id, owner_id, bets_system, points_system,
      playoff_results_points, round_bets_enabled, person_bets_enabled, allow_invite, allow_join, editable_after_start,
      start_matchday, knockout_basis, share_token, created_at, updated_at)
    SELECT 'Result league ' || n, 'result league ' || n, ${competitionId}, (SELECT min(id) FROM users), 'exact', 'winner_and_goals',
      1, 0, 0, 0, 0, 0, 1, 'regular', 'bench-rj-' || n, ${now}, ${now} FROM generate_series(1, ${leagues}::int) n`.execute(db);
  const leagueIds = (await db.selectFrom('leagues').select('id').where('competition_id', '=', competitionId).orderBy('id').execute()).map((l) => Number(l.id));
  await sql`INSERT INTO league_members (league_id, user_id, department, joined_at)
    SELECT l.id, u.id, NULL, ${now} FROM leagues l CROSS JOIN users u WHERE l.competition_id = ${competitionId}
    ORDER BY l.id, u.id`.execute(db);
  await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
    SELECT lm.league_id, lm.user_id, ${played.id}, 0, (lm.user_id + lm.league_id) % 4, (lm.user_id * 3) % 3, 0, ${now}, ${competitionId}
    FROM league_members lm WHERE lm.league_id IN (${sql.join(leagueIds)}) ORDER BY lm.league_id, lm.user_id`.execute(db);
  const writerIds = (await db.selectFrom('league_members').select('user_id').where('league_id', '=', leagueIds[0])
    .orderBy('user_id').limit(writers).execute()).map((m) => Number(m.user_id));
  await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
    SELECT ${leagueIds[0]}, u, ${open.id}, 0, 1, 1, 0, ${now}, ${competitionId} FROM unnest(${sql.val(writerIds)}::bigint[]) u`.execute(db);
  return { competitionId, leagueIds, resultMatchId: Number(played.id), openMatchId: Number(open.id), writerIds };
}
