import { randomBytes } from 'node:crypto';
import type { Executor } from '../../platform/db/database';
import { ROUND } from '../../../shared/domain/rounds';
import { normaliseSearchText } from '../../../shared/domain/text';
import { chunks } from '../../domain/competitions/importRepository';
import { seedOf, seededRandom } from '../../../shared/domain/seededRandom';
import { DEMO_TEAMS } from '../../domain/competitions/demoTeams';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo accounts the README lists. The players share the public password `porra-demo`; the admin gets a random
 * one when the demo is seeded (seedDemo.ts prints it once).
 */
export const DEMO_ADMIN = { name: 'Admin', email: 'admin@porra.demo', locale: 'es' };
const DEMO_PLAYERS = [
  { name: 'Ana', email: 'ana@porra.demo', locale: 'es', department: 'Ventas' },
  { name: 'Luis', email: 'luis@porra.demo', locale: 'es', department: 'IT' },
  { name: 'Marta', email: 'marta@porra.demo', locale: 'es', department: 'Ventas' },
  { name: 'John', email: 'john@porra.demo', locale: 'en', department: 'IT' },
  { name: 'Emma', email: 'emma@porra.demo', locale: 'en', department: 'Marketing' },
] as const;
const DEMO_LEAGUE_NAME = 'Porra de la oficina';

/**
 * Demo users, the office league owned by Ana with every player in it, and their bets: results for the matches
 * already played and most of the next two days (a few left empty so alerts show), round picks and top scorers.
 * Straight SQL: the leagues and bets modules own the API, the demo only needs rows.
 */
export async function seedDemoLeague(
  trx: Executor, competitionId: number, now: number, passwordHashes: { players: string; admin: string },
): Promise<number> {
  const createdAt = now - 10 * DAY;
  // Demo addresses are verified: nobody can receive mail at porra.demo, and the demo must be playable at once.
  const users = await trx.insertInto('users').values([
    { ...DEMO_ADMIN, is_admin: 1 as const, password_hash: passwordHashes.admin },
    ...DEMO_PLAYERS.map(({ department: _department, ...p }) => ({ ...p, is_admin: 0 as const, password_hash: passwordHashes.players })),
  ].map((u) => ({ ...u, email_verified: 1 as const, created_at: createdAt, updated_at: createdAt })))
    .returning(['id', 'email']).execute();
  const playerIds = DEMO_PLAYERS.map((p) => users.find((u) => u.email === p.email)!.id);

  const { id: leagueId } = await trx.insertInto('leagues').values({
    name: DEMO_LEAGUE_NAME, name_normalized: normaliseSearchText(DEMO_LEAGUE_NAME), competition_id: competitionId,
    owner_id: playerIds[0], bets_system: 'exact', points_system: 'winner_and_goals', playoff_results_points: 1,
    round_bets_enabled: 1, person_bets_enabled: 1, allow_invite: 1, allow_join: 0, editable_after_start: 0,
    start_matchday: 1, knockout_basis: 'regular', share_token: randomBytes(16).toString('base64url'),
    created_at: createdAt, updated_at: createdAt,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('league_members').values(DEMO_PLAYERS.map((p, i) => ({
    league_id: leagueId, user_id: playerIds[i], department: p.department, joined_at: createdAt + i * HOUR,
  }))).execute();

  await seedResultBets(trx, competitionId, leagueId, playerIds, now);
  await seedPicks(trx, competitionId, leagueId, playerIds, createdAt);
  return leagueId;
}

async function seedResultBets(trx: Executor, competitionId: number, leagueId: number, playerIds: number[], now: number) {
  const matches = await trx.selectFrom('matches').select(['id', 'date'])
    .where('competition_id', '=', competitionId).where('round_id', '=', ROUND.GROUP_STAGE)
    .where('date', '<=', now + 2 * DAY).orderBy('date').execute();
  const bets = matches.flatMap((m) => playerIds.flatMap((userId) => {
    const random = seededRandom(seedOf('bet', userId, m.id));
    // A few upcoming bets stay empty so the demo shows alerts; almost every past one was filled.
    if (random() < (m.date > now ? 0.2 : 0.05)) return [];
    const goals = () => Math.min(3, Math.floor(random() * random() * 4.5));
    return [{
      league_id: leagueId, user_id: userId, match_id: m.id, competition_id: competitionId, local_goals: goals(), visiting_goals: goals(),
      updated_at: Math.min(now, m.date - DAY),
    }];
  }));
  for (const batch of chunks(bets)) await trx.insertInto('result_bets').values(batch).execute();
}

async function seedPicks(trx: Executor, competitionId: number, leagueId: number, playerIds: number[], at: number) {
  const rules = await trx.selectFrom('league_rules').select(['id', 'round_id', 'picks'])
    .where('competition_id', '=', competitionId).execute();
  const teams = await trx.selectFrom('competition_teams').innerJoin('teams', 'teams.id', 'competition_teams.team_id')
    .select(['teams.id', 'teams.external_key']).where('competition_teams.competition_id', '=', competitionId).execute();
  const stars = await trx.selectFrom('person_stats').innerJoin('people', 'people.id', 'person_stats.person_id')
    .select(['people.id', 'people.team_id']).where('person_stats.competition_id', '=', competitionId)
    .orderBy('people.id').execute();
  const strength = (teamId: number) => DEMO_TEAMS.find((d) => `nt:${d.fifa}` === teams.find((t) => t.id === teamId)?.external_key)?.strength ?? 3;

  const roundBets = [];
  const personBets = [];
  for (const [i, userId] of playerIds.entries()) {
    const random = seededRandom(seedOf('picks', userId));
    // Each player believes in a slightly different order of favourites.
    const favourites = teams.map((t) => ({ id: t.id, score: strength(t.id) + random() * 2.5 })).sort((a, b) => b.score - a.score);
    for (const rule of rules) {
      // Players 4 and 5 skipped the long round-of-16 list, as real players do.
      if (rule.round_id === ROUND.TOP_SCORER || (rule.round_id === ROUND.ROUND_OF_16 && i >= 3)) continue;
      roundBets.push(...favourites.slice(0, rule.picks).map((t) => ({
        league_id: leagueId, user_id: userId, league_rule_id: rule.id, team_id: t.id, points: null, updated_at: at,
      })));
    }
    const scorerRule = rules.find((r) => r.round_id === ROUND.TOP_SCORER);
    if (scorerRule) {
      const picked = favourites.slice(0, scorerRule.picks).map((t) => stars.find((p) => p.team_id === t.id)!).filter(Boolean);
      personBets.push(...picked.map((p) => ({
        league_id: leagueId, user_id: userId, league_rule_id: scorerRule.id, person_id: p.id, points: null, updated_at: at,
      })));
    }
  }
  for (const batch of chunks(roundBets)) await trx.insertInto('round_bets').values(batch).execute();
  if (personBets.length > 0) await trx.insertInto('person_bets').values(personBets).execute();
}
