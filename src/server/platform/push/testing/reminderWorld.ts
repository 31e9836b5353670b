import { rankLeagues } from '../../../domain/standings/rankLeagues';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../testing/harness';
import { createCup } from '../../../testing/competitionFixture';
import { createUserWithToken } from '../../../testing/fixtures';
import { withMatchCompetitions } from '../../../testing/betCompetitions';

const HOUR = 3_600_000;

/**
 * A cup whose first matchday kicks off in 10 hours (4 matches), and a league (result bets only) with members in different
 * situations: Ana (es, email opt-in) and Carla (en, email opt-in) have bets pending, Bob has placed all of his;
 * the three have verified their addresses.
 */
export async function reminderWorld(t: TestApp) {
  const db = t.deps.db;
  const now = t.clock.now();
  const cup = await createCup(db, { start: now + 10 * HOUR });
  const ana = await createUserWithToken(t.deps, { name: 'Ana', locale: 'es' });
  const bob = await createUserWithToken(t.deps, { name: 'Bob', locale: 'en' });
  const carla = await createUserWithToken(t.deps, { name: 'Carla', locale: 'en' });
  const dan = await createUserWithToken(t.deps, { name: 'Dan', locale: 'en' });
  await db.updateTable('users').set({ email_reminders: 1, email_verified: 1 }).where('id', 'in', [ana.id, carla.id, bob.id]).execute();
  const { id: leagueId } = await db.insertInto('leagues').values({
    name: 'Oficina', name_normalized: 'oficina', competition_id: cup.competitionId, owner_id: ana.id, bets_system: 'exact',
    points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 0, person_bets_enabled: 0, allow_invite: 0,
    allow_join: 0, editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: randomUUID(), created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('league_members').values([ana, bob, carla].map((u) => ({ league_id: leagueId, user_id: u.id, joined_at: now }))).execute();
  await rankLeagues(db, { competitionId: cup.competitionId, leagueId });
  const firstMatchday = await db.selectFrom('matches').select('id').where('competition_id', '=', cup.competitionId).where('matchday', '=', 1).execute();
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, firstMatchday.map((m) => ({
    league_id: leagueId, user_id: bob.id, match_id: m.id, local_goals: 1, visiting_goals: 0, updated_at: now,
  })))).execute();
  // Carla placed one of four; an empty row (goals null) is not a bet.
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, [
    { league_id: leagueId, user_id: carla.id, match_id: firstMatchday[0].id, local_goals: 2, visiting_goals: 2, updated_at: now },
    { league_id: leagueId, user_id: carla.id, match_id: firstMatchday[1].id, local_goals: null, visiting_goals: null, updated_at: now },
  ])).execute();
  return { cup, leagueId, ana, bob, carla, dan };
}
