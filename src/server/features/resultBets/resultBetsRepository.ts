import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { precompiled } from '../../platform/db/precompiled';
import { betPointsSql, playedInLeague, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/** All SQL of result bets. Rows carry the embedded match, the deadline and whether the match is played. */

export async function isMember(db: Executor, leagueId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('league_members').select('user_id')
    .where('league_id', '=', leagueId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The matchday being played or next (first with an unfinished match), else the last one. */
export async function currentMatchday(db: Executor, competitionId: number, fromMatchday: number): Promise<number> {
  const row = await db.selectFrom('matches')
    .select([
      (eb) => eb.fn.min('matchday').filterWhere('finished', '=', 0).as('next'),
      (eb) => eb.fn.max('matchday').as('last'),
    ])
    .where('competition_id', '=', competitionId).where('matchday', '>=', fromMatchday)
    .executeTakeFirst();
  return Number(row?.next ?? row?.last ?? fromMatchday);
}

/** Creates the missing (empty) rows of a member's matchday in one statement, so every row has an id. */
export async function ensureMatchdayBets(
  db: Executor, args: { leagueId: number; userId: number; matchday: number; mode: number; now: number },
): Promise<void> {
  await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
    SELECT l.id, ${args.userId}, m.id, ${args.mode}, NULL, NULL, 0, ${args.now}, c.id
    FROM leagues l JOIN competitions c ON c.id = l.competition_id JOIN matches m ON m.competition_id = c.id
    WHERE l.id = ${args.leagueId} AND m.matchday = ${args.matchday} AND ${playedInLeague('l', 'm', 'c')}
    ON CONFLICT (league_id, user_id, match_id, mode, competition_id) DO NOTHING`.execute(db);
}

/** Bets with their match, league rules, deadline, whether the match is played in the league, and their points. */
export const betRows = (db: Executor) => betRowsWith(db, betPointsSql('rb', 'l', 'm', 'c'));

/**
 * betRows with null points, not computed: for reads whose points are never shown (the checks and answer of a bet
 * save: an editable bet's match has no result, and a correction scores the bet again). Scoring a bet reads its
 * league's other bets on the match (the crowd's quote): a subquery PostgreSQL plans, and costs, even where it never
 * runs, so its estimate grows with the league until planning compiles the statement (JIT, seconds at 200,000
 * members). Without it a save reads no other bet, and costs the same in a league of 20 members or 200,000.
 */
export const unscoredBetRows = (db: Executor) => betRowsWith(db, sql<number | null>`CAST(NULL AS INTEGER)`);

function betRowsWith(db: Executor, points: RawBuilder<number | null>) {
  return db.selectFrom('result_bets as rb')
    .innerJoin('matches as m', 'm.id', 'rb.match_id')
    .innerJoin('leagues as l', 'l.id', 'rb.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .innerJoin('users as u', 'u.id', 'rb.user_id')
    .select([
      'rb.id', 'rb.league_id', 'rb.user_id', 'rb.match_id', 'rb.mode', 'rb.local_goals', 'rb.visiting_goals',
      'rb.modified_after_start', 'rb.late_entry', 'rb.joker', 'rb.by_bot', 'rb.updated_at', 'u.name as user_name', 'l.bots',
      'l.scoring_mode', 'l.points_tendency', 'l.points_goal_difference', 'l.points_exact', 'l.points_local_goals',
      'l.points_visiting_goals', 'l.points_quote_max', 'l.joker_count',
      'l.bets_system', 'l.points_system', 'l.knockout_basis', 'c.finished as competition_finished',
      'm.competition_id', 'm.group_id', 'm.round_id', 'm.matchday', 'm.local_team_id', 'm.visiting_team_id',
      'm.local_placeholder', 'm.visiting_placeholder', 'm.date', 'm.status', 'm.started', 'm.finished',
      'm.local_goals as match_local_goals', 'm.visiting_goals as match_visiting_goals',
      'm.local_goals_extra_time', 'm.visiting_goals_extra_time', 'm.local_penalties', 'm.visiting_penalties',
      resultBetDeadlineSql('l', 'm').as('deadline'),
      sql<number>`CASE WHEN ${playedInLeague('l', 'm', 'c')} THEN 1 ELSE 0 END`.as('played'),
      points.as('points'),
    ]);
}

export type BetRow = Awaited<ReturnType<ReturnType<typeof betRows>['executeTakeFirstOrThrow']>>;

const played = sql<SqlBool>`${playedInLeague('l', 'm', 'c')}`;

// Compiled once per database (precompiled): on the update hot path Kysely's query building costs more than the query.
const betById = precompiled((db, betId: number) => betRows(db).where('rb.id', '=', betId).compile(), 1);
const unscoredBetById = precompiled((db, betId: number) => unscoredBetRows(db).where('rb.id', '=', betId).compile(), 1);

export const findBet = async (db: Executor, betId: number): Promise<BetRow | undefined> => (await betById(db, betId))[0];

/** findBet with null points (unscoredBetRows). */
export const findUnscoredBet = async (db: Executor, betId: number): Promise<BetRow | undefined> => (await unscoredBetById(db, betId))[0];

// The bets screen's reads, compiled once (precompiled): building the scoring SQL of betRows cost more than running it.
const matchdayBets = precompiled((db, competitionId: number, leagueId: number, userId: number, mode: number, matchday: number) => betRows(db)
  .where('rb.competition_id', '=', competitionId).where('rb.league_id', '=', leagueId).where('rb.user_id', '=', userId)
  .where('rb.mode', '=', mode).where('m.matchday', '=', matchday).where(played)
  .orderBy('m.date').orderBy('m.id').compile(), 5);

export async function listMatchdayBets(
  db: Executor, args: { leagueId: number; competitionId: number; userId: number; matchday: number; mode: number },
): Promise<BetRow[]> {
  return matchdayBets(db, args.competitionId, args.leagueId, args.userId, args.mode, args.matchday);
}

const matchBets = precompiled((db, competitionId: number, leagueId: number, matchId: number) => betRows(db)
  .where('rb.competition_id', '=', competitionId).where('rb.league_id', '=', leagueId).where('rb.match_id', '=', matchId)
  .where('rb.mode', '=', sql.lit(0)).where(played)
  .orderBy('u.name').orderBy('rb.user_id').compile(), 3);

export async function listMatchBets(db: Executor, args: { leagueId: number; competitionId: number; matchId: number }): Promise<BetRow[]> {
  return matchBets(db, args.competitionId, args.leagueId, args.matchId);
}

/** The latest locked matches of the league's competition, and the filled bets on them. */
export async function listLastBets(db: Executor, args: { leagueId: number; competitionId: number; now: number; limit: number }): Promise<BetRow[]> {
  const lockedMatches = db.selectFrom('matches as lm').innerJoin('leagues as ll', 'll.competition_id', 'lm.competition_id')
    .select('lm.id').where('lm.competition_id', '=', args.competitionId).where('ll.id', '=', args.leagueId)
    .where(sql<SqlBool>`${resultBetDeadlineSql('ll', 'lm')} <= ${args.now}`)
    .orderBy('lm.date', 'desc').limit(args.limit);
  return betRows(db)
    .where('rb.competition_id', '=', args.competitionId).where('rb.league_id', '=', args.leagueId).where('rb.mode', '=', 0)
    .where('rb.match_id', 'in', lockedMatches).where('rb.local_goals', 'is not', null).where(played)
    .orderBy('m.date', 'desc').orderBy('m.id', 'desc').orderBy('rb.updated_at', 'desc')
    .limit(args.limit).execute();
}

/** What a save of one's own open bet writes and checks: parameters, or columns of a batch's input rows. */
export interface OwnBetSaveValues { betId: unknown; userId: unknown; local: unknown; visiting: unknown; now: unknown; signOk: unknown }

/**
 * When a member may save a bet (the row as `result_bets`): their own real bet, on a match played in the league, before
 * its deadline, in an unfinished competition, with a value the league's bet system accepts (`signOk`: 1 when the goals
 * are a valid sign bet or empty).
 */
const ownOpenBetChecks = (values: Omit<OwnBetSaveValues, 'local' | 'visiting'>) =>
  sql<SqlBool>`result_bets.id = ${values.betId} AND result_bets.user_id = ${values.userId} AND result_bets.mode = 0
    AND EXISTS (SELECT 1 FROM matches m JOIN competitions c ON c.id = m.competition_id, leagues l
      WHERE m.id = result_bets.match_id AND l.id = result_bets.league_id AND c.finished = 0 AND m.finished = 0
        AND (l.bets_system <> 'sign' OR ${values.signOk} = 1) AND ${playedInLeague('l', 'm', 'c')}
        AND ${resultBetDeadlineSql('l', 'm')} > ${values.now})`;

/** What a save writes: clearing the goals releases the bet's joker; a save in person clears the bot mark. */
const ownBetGoals = (values: Pick<OwnBetSaveValues, 'local' | 'visiting' | 'now'>) =>
  sql`local_goals = ${values.local}, visiting_goals = ${values.visiting}, updated_at = ${values.now},
    joker = CASE WHEN CAST(${values.local} AS INTEGER) IS NULL THEN 0 ELSE result_bets.joker END, by_bot = 0`;

/**
 * The common edit in one statement: checks and write are atomic (a single statement is its own transaction). Returns
 * the id saved.
 */
export const ownOpenBetUpdate = (values: OwnBetSaveValues) =>
  sql<{ id: number }>`UPDATE result_bets SET ${ownBetGoals(values)} WHERE ${ownOpenBetChecks(values)} RETURNING result_bets.id`;

/** A batch's saves, one array per column (PostgreSQL), the nth element of each being the nth save. */
export interface OwnBetSaveBatch {
  betIds: number[]; userIds: number[]; locals: (number | null)[]; visitings: (number | null)[]; nows: number[]; signOks: number[];
}

/**
 * PostgreSQL: the saves of a batch in one statement, each with its own checks. The rows that pass are locked in id
 * order before any is written, so two batches over the same bets (two processes, a player's two devices) queue behind
 * each other instead of each holding a row the other waits for, which PostgreSQL would only break as a deadlock after
 * deadlock_timeout. Returns the ids saved.
 */
export const ownOpenBetsUpdate = (batch: OwnBetSaveBatch) => {
  const v = (column: string) => sql.ref(`v.${column}`);
  const locked = (column: string) => sql.ref(`locked.${column}`);
  return sql<{ id: number }>`UPDATE result_bets SET ${ownBetGoals({ local: locked('new_local'), visiting: locked('new_visiting'), now: locked('saved_at') })}
    FROM (SELECT result_bets.id, result_bets.competition_id, v.new_local, v.new_visiting, v.saved_at
      FROM result_bets, unnest(${batch.betIds}::bigint[], ${batch.userIds}::bigint[], ${batch.locals}::int[], ${batch.visitings}::int[],
        ${batch.nows}::bigint[], ${batch.signOks}::int[]) AS v(bet_id, bet_user, new_local, new_visiting, saved_at, sign_ok)
      WHERE ${ownOpenBetChecks({ betId: v('bet_id'), userId: v('bet_user'), now: v('saved_at'), signOk: v('sign_ok') })}
      ORDER BY result_bets.id FOR NO KEY UPDATE OF result_bets) AS locked
    WHERE result_bets.competition_id = locked.competition_id AND result_bets.id = locked.id
    RETURNING result_bets.id`;
};

export async function updateBetGoals(
  db: Executor,
  args: { betId: number; competitionId: number; local: number | null; visiting: number | null; now: number; correction?: boolean; lateEntry?: boolean; byBot?: 0 | 1 },
): Promise<void> {
  await db.updateTable('result_bets')
    .set({
      local_goals: args.local, visiting_goals: args.visiting, updated_at: args.now,
      ...(args.byBot !== undefined && { by_bot: args.byBot }),
      ...(args.correction && { modified_after_start: 1 as const }),
      ...(args.lateEntry && { late_entry: 1 as const }),
    })
    .where('competition_id', '=', args.competitionId).where('id', '=', args.betId).execute();
}

/** Sets or clears a bet's joker. */
export async function updateBetJoker(db: Executor, args: { betId: number; competitionId: number; joker: boolean }): Promise<void> {
  await db.updateTable('result_bets').set({ joker: args.joker ? 1 : 0 })
    .where('competition_id', '=', args.competitionId).where('id', '=', args.betId).execute();
}

/** The league's joker count as committed now (read under the member's lock, not from an earlier read of the bet). */
export async function leagueJokerCount(db: Executor, leagueId: number): Promise<number> {
  const row = await db.selectFrom('leagues').select('joker_count').where('id', '=', leagueId).executeTakeFirst();
  return Number(row?.joker_count ?? 0);
}

/** The member's real bets in the league carrying a joker, but this one. */
export async function countOtherJokers(db: Executor, args: { leagueId: number; competitionId: number; userId: number; betId: number }): Promise<number> {
  const row = await db.selectFrom('result_bets').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('competition_id', '=', args.competitionId).where('league_id', '=', args.leagueId).where('user_id', '=', args.userId).where('mode', '=', 0)
    .where('joker', '=', 1).where('id', '<>', args.betId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** PostgreSQL: waits for (and holds) the match row, so a result being written to it is seen once committed. */
export async function lockMatch(db: Executor, matchId: number): Promise<void> {
  await db.selectFrom('matches').select('id').where('id', '=', matchId).forUpdate().execute();
}

/** Writes the caller's simulation row for a match (creating it if needed); returns its id. */
export async function upsertSimulationBet(
  db: Executor, args: { leagueId: number; userId: number; matchId: number; local: number | null; visiting: number | null; now: number },
): Promise<number> {
  const row = await db.insertInto('result_bets')
    .values({
      league_id: args.leagueId, user_id: args.userId, match_id: args.matchId, mode: 1,
      local_goals: args.local, visiting_goals: args.visiting, updated_at: args.now,
      competition_id: (eb) => eb.selectFrom('matches').select('competition_id').where('id', '=', args.matchId),
    })
    .onConflict((oc) => oc.columns(['league_id', 'user_id', 'match_id', 'mode', 'competition_id']).doUpdateSet((eb) => ({
      local_goals: eb.ref('excluded.local_goals'), visiting_goals: eb.ref('excluded.visiting_goals'),
      updated_at: eb.ref('excluded.updated_at'),
    })))
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAudit(
  db: Executor, args: { actorId: number; action: string; entityId: number; details: unknown; now: number },
): Promise<void> {
  await db.insertInto('audit_log').values({
    actor_id: args.actorId, action: args.action, entity: 'result_bet', entity_id: args.entityId,
    details: JSON.stringify(args.details), created_at: args.now,
  }).execute();
}
