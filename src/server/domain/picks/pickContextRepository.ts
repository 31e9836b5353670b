import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { Dialect } from '../../platform/db/migrations/index';
import { effectiveKickoffSql } from '../scoring/scoringSql';

/** What every pick call needs to know about a league and its competition. */
export interface PickLeagueRow {
  id: number;
  competition_id: number;
  round_bets_enabled: number;
  person_bets_enabled: number;
  start_matchday: number;
  competition_type: 'cup' | 'league';
  competition_finished: number;
  /** Set once picks anchored on the first counted kickoff were shown and start_matchday changed (pickAnchors.ts). */
  picks_shown_kickoff: number | null;
  /** Whether the league marks (or forbids) picks placed with an API token. */
  bots: 'allowed' | 'marked' | 'forbidden';
}

/** One member's picks of one rule in one mode. */
export interface PickKey { leagueId: number; userId: number; ruleId: number; mode: number }

export interface PickRuleRow {
  id: number;
  competition_id: number;
  round_id: number;
  picks: number;
  points_per_hit: number;
  round_name: string;
}

export async function findPickLeague(db: Executor, leagueId: number): Promise<PickLeagueRow | undefined> {
  return db.selectFrom('leagues')
    .innerJoin('competitions', 'competitions.id', 'leagues.competition_id')
    .select([
      'leagues.id', 'leagues.competition_id', 'leagues.round_bets_enabled', 'leagues.person_bets_enabled',
      'leagues.start_matchday', 'competitions.competition_type', 'competitions.finished as competition_finished',
      'leagues.picks_shown_kickoff', 'leagues.bots',
    ])
    .where('leagues.id', '=', leagueId)
    .executeTakeFirst()
    .then((row) => row && { ...row, picks_shown_kickoff: row.picks_shown_kickoff === null ? null : Number(row.picks_shown_kickoff) });
}

/** Pins the first counted kickoff of a league's picks (see pickAnchors.ts). */
export async function setPicksShownKickoff(db: Executor, leagueId: number, kickoff: number): Promise<void> {
  await db.updateTable('leagues').set({ picks_shown_kickoff: kickoff })
    .where('id', '=', leagueId).where('picks_shown_kickoff', 'is', null).execute();
}

export async function isLeagueMember(db: Executor, leagueId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('league_members').select('user_id')
    .where('league_id', '=', leagueId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the member's row for the rest of the transaction, so concurrent pick writes of one member run one
 * after the other (the count-then-insert of a pick limit stays exact). SQLite transactions are already
 * serialised on its single connection. Answers false when the user is not a member.
 */
export async function lockLeagueMember(trx: Executor, dialect: Dialect, leagueId: number, userId: number): Promise<boolean> {
  let query = trx.selectFrom('league_members').select('user_id')
    .where('league_id', '=', leagueId).where('user_id', '=', userId);
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

const ruleColumns = [
  'league_rules.id', 'league_rules.competition_id', 'league_rules.round_id', 'league_rules.picks',
  'league_rules.points_per_hit', 'rounds.name as round_name',
] as const;

export async function findPickRule(db: Executor, ruleId: number): Promise<PickRuleRow | undefined> {
  return db.selectFrom('league_rules').innerJoin('rounds', 'rounds.id', 'league_rules.round_id')
    .select(ruleColumns).where('league_rules.id', '=', ruleId).executeTakeFirst();
}

export async function findRuleOfRound(db: Executor, competitionId: number, roundId: number): Promise<PickRuleRow | undefined> {
  return db.selectFrom('league_rules').innerJoin('rounds', 'rounds.id', 'league_rules.round_id')
    .select(ruleColumns)
    .where('league_rules.competition_id', '=', competitionId).where('league_rules.round_id', '=', roundId)
    .executeTakeFirst();
}

export async function listPickRules(db: Executor, competitionId: number): Promise<PickRuleRow[]> {
  return db.selectFrom('league_rules').innerJoin('rounds', 'rounds.id', 'league_rules.round_id')
    .select(ruleColumns).where('league_rules.competition_id', '=', competitionId)
    .orderBy('league_rules.round_id').execute();
}

/**
 * First kickoff of each round of a competition, and per round the first kickoff from `startMatchday` on
 * (a league competition's first counted matchday). A match whose bets were shown counts with the kickoff it
 * had then (effectiveKickoffSql), so pick deadlines never move past what was already shown.
 */
export async function roundKickoffs(db: Executor, competitionId: number, startMatchday: number) {
  const kickoff = effectiveKickoffSql('matches');
  const rows = await db.selectFrom('matches')
    .select((eb) => [
      'round_id',
      eb.fn.min(kickoff).as('first_kickoff'),
      eb.fn.min(sql<number | null>`case when matchday >= ${startMatchday} then ${kickoff} end`).as('first_counted'),
    ])
    .where('competition_id', '=', competitionId)
    .groupBy('round_id')
    .execute();
  return rows.map((r) => ({
    round_id: r.round_id,
    first_kickoff: Number(r.first_kickoff),
    first_counted: r.first_counted === null ? null : Number(r.first_counted),
  }));
}

/** Global admins may act for any member; every such write leaves a trace. */
export async function insertAudit(db: Executor, entry: { actor_id: number; action: string; entity: string; entity_id: number | null; details: unknown; now: number }) {
  await db.insertInto('audit_log').values({
    actor_id: entry.actor_id, action: entry.action, entity: entry.entity, entity_id: entry.entity_id,
    details: JSON.stringify(entry.details), created_at: entry.now,
  }).execute();
}
