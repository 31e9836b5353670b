import { ratingGap } from '../../../shared/domain/fairOdds/elo';
import { matchOdds, type MatchOdds } from '../../../shared/domain/fairOdds/outcomeModel';
import { isKnockoutRound } from '../../../shared/domain/rounds';
import type { LeagueMatchOddsTable } from '../../platform/db/schema';
import { OUTCOME_MODEL, teamSeed } from './teamSeeds';

/** A match as its chances are worked out: its round, its teams' names, and their rating moves until the moment. */
interface OddsInputs { round_id: number; local_name: string; visiting_name: string; local_moves: number; visiting_moves: number }

/**
 * The rating gap the model reads for two teams' ratings (hundredths): home advantage for the local side unless
 * both are national teams (their tournaments are taken as played on neutral ground).
 */
export function gapOf(names: { local_name: string; visiting_name: string }, localRating: number, visitingRating: number): number {
  const neutral = teamSeed(names.local_name).national && teamSeed(names.visiting_name).national;
  return ratingGap(localRating / 100, visitingRating / 100, neutral);
}

/** The ratings (hundredths), their gap and the chances of a match from its teams' starting ratings plus their moves. */
export function oddsFromRatings(m: OddsInputs): { local_rating: number; visiting_rating: number; gap: number; odds: MatchOdds } {
  const localRating = teamSeed(m.local_name).rating + Number(m.local_moves);
  const visitingRating = teamSeed(m.visiting_name).rating + Number(m.visiting_moves);
  const gap = gapOf(m, localRating, visitingRating);
  return { local_rating: localRating, visiting_rating: visitingRating, gap, odds: matchOdds(OUTCOME_MODEL, gap, isKnockoutRound(m.round_id)) };
}

type SealColumns = Pick<LeagueMatchOddsTable, 'home' | 'draw' | 'away' | 'et_home' | 'et_draw' | 'et_away' | 'through_home' | 'through_away'>;

export const sealColumns = (odds: MatchOdds): SealColumns => ({
  home: odds.home, draw: odds.draw, away: odds.away,
  et_home: odds.extra_time?.home ?? null, et_draw: odds.extra_time?.draw ?? null, et_away: odds.extra_time?.away ?? null,
  through_home: odds.through?.home ?? null, through_away: odds.through?.away ?? null,
});

export const oddsOfSeal = (row: SealColumns): MatchOdds => ({
  home: row.home, draw: row.draw, away: row.away,
  extra_time: row.et_home === null || row.et_draw === null || row.et_away === null ? null : { home: row.et_home, draw: row.et_draw, away: row.et_away },
  through: row.through_home === null || row.through_away === null ? null : { home: row.through_home, away: row.through_away },
});
