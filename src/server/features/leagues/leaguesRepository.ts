import { moveMainLeagues } from '../../domain/standings/overallStandings';
import type { ScoringMode } from '../../../shared/domain/scoring';
import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { Database, LeaguesTable } from '../../platform/db/schema';
import type { Dialect } from '../../platform/db/migrations/index';
import { resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/** A league as the API shows it, before mapping: settings plus competition, owner and the caller's membership. */
export interface LeagueViewRow {
  id: number; name: string; description: string | null; competition_id: number; owner_id: number;
  bets_system: LeaguesTable['bets_system']; points_system: LeaguesTable['points_system'];
  playoff_results_points: number; round_bets_enabled: number; person_bets_enabled: number;
  allow_invite: number; allow_join: number; editable_after_start: number; late_entry_after_result: number; head_to_head: number; start_matchday: number;
  bots: 'allowed' | 'marked' | 'forbidden';
  knockout_basis: LeaguesTable['knockout_basis']; share_token: string; created_at: number; tie_breaks: string;
  scoring_mode: ScoringMode; points_tendency: number; points_goal_difference: number; points_exact: number;
  points_local_goals: number; points_visiting_goals: number; points_quote_max: number; joker_count: number; joker_multiplier: number;
  bet_deadline_minutes: number; lock_by: 'match' | 'matchday' | null;
  /** The caller's result bets carrying a joker. */
  caller_jokers_used: number;
  competition_name: string; competition_finished: number; competition_type: string;
  owner_name: string; members_count: number; first_kickoff: number | null;
  caller_user_id: number | null; caller_department: string | null;
}

export interface LeagueFilter {
  ids?: number[];
  /** Only leagues the caller belongs to. */
  callerIsMember?: boolean;
  /** Only leagues this user belongs to. */
  memberId?: number;
  competitionId?: number;
}

/** One query for any number of leagues (no per-league round trips). */
export async function selectLeagueViews(db: Executor, callerId: number, filter: LeagueFilter): Promise<LeagueViewRow[]> {
  let query = db.selectFrom('leagues as l')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .innerJoin('users as o', 'o.id', 'l.owner_id')
    .leftJoin('league_members as me', (join) => join.onRef('me.league_id', '=', 'l.id').on('me.user_id', '=', callerId))
    .select((eb) => [
      'l.id', 'l.name', 'l.description', 'l.competition_id', 'l.owner_id', 'l.bets_system', 'l.points_system',
      'l.playoff_results_points', 'l.round_bets_enabled', 'l.person_bets_enabled', 'l.allow_invite', 'l.allow_join',
      'l.editable_after_start', 'l.late_entry_after_result', 'l.head_to_head', 'l.bots', 'l.start_matchday', 'l.knockout_basis', 'l.share_token', 'l.created_at', 'l.tie_breaks',
      'l.scoring_mode', 'l.points_tendency', 'l.points_goal_difference', 'l.points_exact', 'l.points_local_goals',
      'l.points_visiting_goals', 'l.points_quote_max', 'l.joker_count', 'l.joker_multiplier', 'l.bet_deadline_minutes', 'l.lock_by',
      eb.selectFrom('result_bets as jb').whereRef('jb.competition_id', '=', 'l.competition_id').whereRef('jb.league_id', '=', 'l.id')
        .where('jb.user_id', '=', callerId)
        .where('jb.mode', '=', 0).where('jb.joker', '=', 1).select((e) => e.fn.countAll<number>().as('n')).as('caller_jokers_used'),
      'c.name as competition_name', 'c.finished as competition_finished', 'c.competition_type',
      'o.name as owner_name', 'me.user_id as caller_user_id', 'me.department as caller_department',
      eb.selectFrom('league_members as m').whereRef('m.league_id', '=', 'l.id')
        .select((e) => e.fn.countAll<number>().as('n')).as('members_count'),
      eb.selectFrom('matches as mt').whereRef('mt.competition_id', '=', 'l.competition_id')
        .select((e) => e.fn.min<number>('mt.date').as('d')).as('first_kickoff'),
    ]);
  if (filter.ids) query = query.where('l.id', 'in', filter.ids.length ? filter.ids : [0]);
  if (filter.callerIsMember) query = query.where('me.user_id', 'is not', null);
  if (filter.memberId !== undefined) {
    const memberId = filter.memberId;
    query = query.where((eb) => eb.exists(eb.selectFrom('league_members as lm')
      .whereRef('lm.league_id', '=', 'l.id').where('lm.user_id', '=', memberId).select('lm.user_id')));
  }
  if (filter.competitionId !== undefined) query = query.where('l.competition_id', '=', filter.competitionId);
  const rows = await query.orderBy('c.finished', 'asc').orderBy('l.name_normalized').orderBy('l.id').execute();
  return rows.map((r) => ({
    ...r,
    members_count: Number(r.members_count ?? 0),
    caller_jokers_used: Number(r.caller_jokers_used ?? 0),
    first_kickoff: r.first_kickoff === null || r.first_kickoff === undefined ? null : Number(r.first_kickoff),
  })) as LeagueViewRow[];
}

export async function selectLeagueTeamIds(db: Executor, leagueIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (leagueIds.length === 0) return map;
  const rows = await db.selectFrom('league_teams').select(['league_id', 'team_id'])
    .where('league_id', 'in', leagueIds).orderBy('team_id').execute();
  for (const row of rows) {
    const list = map.get(row.league_id) ?? [];
    list.push(row.team_id);
    map.set(row.league_id, list);
  }
  return map;
}

/** Round multipliers of these leagues, by league, in round order. */
export async function selectRoundMultipliers(db: Executor, leagueIds: number[]): Promise<Map<number, { round_id: number; factor: number }[]>> {
  const map = new Map<number, { round_id: number; factor: number }[]>();
  if (leagueIds.length === 0) return map;
  const rows = await db.selectFrom('league_round_multipliers').select(['league_id', 'round_id', 'factor'])
    .where('league_id', 'in', leagueIds).orderBy('round_id').execute();
  for (const row of rows) {
    const list = map.get(row.league_id) ?? [];
    list.push({ round_id: Number(row.round_id), factor: Number(row.factor) });
    map.set(row.league_id, list);
  }
  return map;
}

/**
 * PostgreSQL: holds every member's row of the league (in one order), the lock a member flagging a joker takes, so
 * a change of the joker count and a joker being played wait for each other. SQLite runs one transaction at a time.
 */
export async function lockLeagueMembers(db: Executor, dialect: Dialect, leagueId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('league_members').select('user_id').where('league_id', '=', leagueId).orderBy('user_id').forUpdate().execute();
}

/** A member's real bets carrying a joker in the league, numbered by deadline (then match) from 1, with whether shown. */
function jokerBets(league: { id: number; competition_id: number }, now: number) {
  return sql`SELECT rb.id, rb.user_id, CASE WHEN ${resultBetDeadlineSql('l', 'm')} <= ${now} THEN 1 ELSE 0 END AS shown,
      ROW_NUMBER() OVER (PARTITION BY rb.user_id ORDER BY ${resultBetDeadlineSql('l', 'm')}, rb.match_id) AS n
    FROM result_bets rb JOIN matches m ON m.id = rb.match_id JOIN leagues l ON l.id = rb.league_id
    WHERE rb.competition_id = ${league.competition_id} AND rb.league_id = ${league.id} AND rb.mode = 0 AND rb.joker = 1`;
}

/** The most jokers any member has on bets already shown (past their deadline): what nobody may take back. */
export async function mostShownJokers(db: Executor, league: { id: number; competition_id: number }, now: number): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`SELECT MAX(j.n) AS n FROM (${jokerBets(league, now)}) j WHERE j.shown = 1`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Takes the joker off every open bet beyond `count` jokers of its member, the latest deadlines first (jokers on shown
 * bets come first in each member's order, so they are never the ones taken off). Answers how many were taken off.
 */
export async function takeOffJokersBeyond(db: Executor, league: { id: number; competition_id: number }, count: number, now: number): Promise<number> {
  const result = await sql`UPDATE result_bets SET joker = 0
    WHERE competition_id = ${league.competition_id} AND id IN (SELECT j.id FROM (${jokerBets(league, now)}) j WHERE j.shown = 0 AND j.n > ${count})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function insertLeague(db: Executor, values: Insertable<LeaguesTable>): Promise<number> {
  const { id } = await db.insertInto('leagues').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateLeague(db: Executor, leagueId: number, values: Updateable<LeaguesTable>): Promise<void> {
  await db.updateTable('leagues').set(values).where('id', '=', leagueId).execute();
}

/**
 * Members, invitations, messages and every bet go with it (foreign keys cascade); matchday rows, which have no
 * foreign key on PostgreSQL (standings/standingsRefresh.ts), by hand. Players whose main league it was move to
 * their next one in the overall rankings.
 */
export async function deleteLeague(db: Executor, leagueId: number): Promise<void> {
  await moveMainLeagues(db, [leagueId]);
  await db.deleteFrom('member_matchday_points').where('league_id', '=', leagueId).execute();
  await db.deleteFrom('leagues').where('id', '=', leagueId).execute();
}

export async function replaceLeagueTeams(db: Executor, leagueId: number, teamIds: number[]): Promise<void> {
  await db.deleteFrom('league_teams').where('league_id', '=', leagueId).execute();
  if (teamIds.length) {
    await db.insertInto('league_teams').values(teamIds.map((team_id) => ({ league_id: leagueId, team_id }))).execute();
  }
}

export async function findCompetition(db: Executor, competitionId: number) {
  return db.selectFrom('competitions').select(['id', 'name', 'finished', 'competition_type', 'archived_at'])
    .where('id', '=', competitionId).executeTakeFirst();
}

/** Which of these team ids play in the competition. */
export async function teamIdsInCompetition(db: Executor, competitionId: number, teamIds: number[]): Promise<number[]> {
  if (teamIds.length === 0) return [];
  const rows = await db.selectFrom('competition_teams').select('team_id')
    .where('competition_id', '=', competitionId).where('team_id', 'in', teamIds).execute();
  return rows.map((r) => r.team_id);
}

/** Matchdays of a competition with their first kickoff, in order. */
export async function matchdayKickoffs(db: Executor, competitionId: number): Promise<{ matchday: number; first_kickoff: number }[]> {
  const rows = await db.selectFrom('matches')
    .select((eb) => ['matchday', eb.fn.min<number>('date').as('first_kickoff')])
    .where('competition_id', '=', competitionId)
    .groupBy('matchday').orderBy('matchday').execute();
  return rows.map((r) => ({ matchday: Number(r.matchday), first_kickoff: Number(r.first_kickoff) }));
}

export async function competitionLeagueRules(db: Executor, competitionId: number) {
  return db.selectFrom('league_rules').select(['id', 'competition_id', 'round_id', 'picks', 'points_per_hit'])
    .where('competition_id', '=', competitionId).orderBy('round_id').execute();
}

/**
 * League search: names containing the (normalised, LIKE-escaped) pattern, among leagues of running
 * competitions that anyone may join (unless the owner removed the caller from it) or that invite this person.
 * Invitations count only for a verified address (`email` null otherwise).
 */
export async function searchLeagues(db: Executor, caller: { id: number; email: string | null }, pattern: string, limit: number) {
  const { email } = caller;
  // '' matches no invitation (every invited address is a valid one), so an unverified caller is invited nowhere.
  const invitedTo = (eb: ExpressionBuilder<Database, 'leagues'>) => eb.exists(eb.selectFrom('invitations as i')
    .select('i.id')
    .whereRef('i.league_id', '=', 'leagues.id')
    .where('i.status', '=', 'pending')
    .where('i.email', '=', email ?? ''));
  const banned = (eb: ExpressionBuilder<Database, 'leagues'>) => eb.exists(eb.selectFrom('league_bans as b')
    .select('b.user_id').whereRef('b.league_id', '=', 'leagues.id').where('b.user_id', '=', caller.id));
  const rows = await db.selectFrom('leagues')
    .innerJoin('competitions as c', 'c.id', 'leagues.competition_id')
    .innerJoin('users as o', 'o.id', 'leagues.owner_id')
    .leftJoin('league_members as me', (join) => join.onRef('me.league_id', '=', 'leagues.id').on('me.user_id', '=', caller.id))
    .select((eb) => [
      'leagues.id', 'leagues.name', 'leagues.allow_join', 'c.id as competition_id', 'c.name as competition_name',
      'c.finished as competition_finished', 'c.competition_type', 'o.name as owner_name', 'me.user_id as caller_user_id',
      invitedTo(eb).as('invited'),
      eb.selectFrom('league_members as m').whereRef('m.league_id', '=', 'leagues.id')
        .select((e) => e.fn.countAll<number>().as('n')).as('members_count'),
    ])
    .where('c.finished', '=', 0)
    .where(sql<boolean>`leagues.name_normalized like ${pattern} escape '\\'`)
    .where((eb) => eb.or([eb.and([eb('leagues.allow_join', '=', 1), eb.not(banned(eb))]), invitedTo(eb)]))
    .orderBy('leagues.name_normalized').orderBy('leagues.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, members_count: Number(r.members_count ?? 0), invited: Boolean(Number(r.invited)) }));
}
