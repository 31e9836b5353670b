import { sql } from 'kysely';
import { oddsForBasis, type MatchOdds } from '../../../shared/domain/fairOdds/outcomeModel';
import type { Outcomes, ScoringRules } from '../../../shared/domain/scoring';
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../scoring/scoringSql';
import { gapOf, oddsFromRatings, oddsOfSeal } from './matchOddsOf';
import { movesUntilSql } from './ratingsRepository';

/** A match's chances in a league: sealed once its deadline there has passed, the current ones before. */
export interface LeagueMatchOdds {
  match_id: number; round_id: number; deadline: number; sealed: boolean; odds: MatchOdds;
  /** The ratings the chances were read from, in hundredths of a point, and their gap (ratingGap). */
  local_rating: number; visiting_rating: number; gap: number;
}

export interface OddsFilter { matchday?: number; matchId?: number; matchIds?: number[]; unfinished?: boolean }

/**
 * The model's chances of a league's matches (those it plays, with both teams known): past the league's deadline,
 * the chances at the deadline (the stored seal of an odds league, else read the same way from the ratings as they
 * stood then); before it, from the ratings now. One statement, the ratings' moves summed per match.
 */
export async function leagueOdds(db: Executor, leagueId: number, filter: OddsFilter, now: number): Promise<LeagueMatchOdds[]> {
  let inner = db.selectFrom('leagues as l')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .innerJoin('matches as m', 'm.competition_id', 'l.competition_id')
    .innerJoin('teams as lt', 'lt.id', 'm.local_team_id')
    .innerJoin('teams as vt', 'vt.id', 'm.visiting_team_id')
    .leftJoin('league_match_odds as o', (join) => join.onRef('o.league_id', '=', 'l.id').onRef('o.match_id', '=', 'm.id'))
    .select(['m.id as match_id', 'm.round_id', 'm.local_team_id', 'm.visiting_team_id', 'lt.team_name as local_name', 'vt.team_name as visiting_name',
      resultBetDeadlineSql('l', 'm').as('deadline'),
      'o.home', 'o.draw', 'o.away', 'o.et_home', 'o.et_draw', 'o.et_away', 'o.through_home', 'o.through_away',
      'o.local_rating as sealed_local', 'o.visiting_rating as sealed_visiting'])
    .where('l.id', '=', leagueId)
    .where(sql<boolean>`${playedInLeague('l', 'm', 'c')}`);
  if (filter.matchday !== undefined) inner = inner.where('m.matchday', '=', filter.matchday);
  if (filter.matchId !== undefined) inner = inner.where('m.id', '=', filter.matchId);
  if (filter.matchIds !== undefined) inner = inner.where('m.id', 'in', filter.matchIds.length ? filter.matchIds : [0]);
  if (filter.unfinished) inner = inner.where('m.finished', '=', 0);
  const at = sql`(CASE WHEN d.deadline < ${now} THEN d.deadline ELSE ${now} END)`;
  const rows = await db.selectFrom(inner.as('d')).selectAll('d')
    .select([movesUntilSql(sql.ref('d.local_team_id'), at).as('local_moves'), movesUntilSql(sql.ref('d.visiting_team_id'), at).as('visiting_moves')])
    .orderBy('d.match_id').execute();
  return rows.map((r) => {
    const base = { match_id: Number(r.match_id), round_id: Number(r.round_id), deadline: Number(r.deadline), sealed: Number(r.deadline) <= now };
    if (r.home !== null && r.draw !== null && r.away !== null) {
      const [local, visiting] = [Number(r.sealed_local), Number(r.sealed_visiting)];
      return {
        ...base, sealed: true, local_rating: local, visiting_rating: visiting, gap: gapOf(r, local, visiting),
        odds: oddsOfSeal({ ...r, home: r.home, draw: r.draw, away: r.away }),
      };
    }
    return { ...base, ...oddsFromRatings({ ...r, local_moves: Number(r.local_moves), visiting_moves: Number(r.visiting_moves) }) };
  });
}

/**
 * In a league scored by the odds, the chances its bets on these matches score by (as it compares bets:
 * oddsForBasis), by match id: what in-memory scoring passes to resultBetPoints. Empty in other modes.
 */
export async function scoringOdds(
  db: Executor, leagueId: number, rules: ScoringRules, matchIds: number[], now: number,
): Promise<Map<number, Outcomes>> {
  if (rules.scoring.mode !== 'odds' || matchIds.length === 0) return new Map();
  const rows = await leagueOdds(db, leagueId, { matchIds }, now);
  return new Map(rows.map((row) => [row.match_id, oddsForBasis(row.odds, rules.knockout_basis, row.round_id)]));
}
