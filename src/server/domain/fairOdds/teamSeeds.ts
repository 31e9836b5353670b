import { findNationalTeam } from '../../../shared/domain/teams';
import { normaliseSearchText } from '../../../shared/domain/text';
import { RATINGS_SNAPSHOT } from './ratingsSnapshot';

/**
 * Where each team's rating starts (hundredths of a point): the shipped snapshot's rating of it (national teams
 * by any of their names, clubs by their openfootball name); a national team it does not know starts where the
 * Elo history starts a new team, a club it does not know where a club promoted into a rated league would.
 * Results recorded after the snapshot's date move the ratings from there (ratingUpdates.ts).
 */

interface TeamSeed { rating: number; national: boolean }

const centi = (rating: number) => Math.round(rating * 100);

// Indexes of the shipped (constant) snapshot, built once per process.
const NATIONAL = new Map(RATINGS_SNAPSHOT.national.map(([name, rating]) => [normaliseSearchText(name), centi(rating)]));
const CLUBS = new Map(RATINGS_SNAPSHOT.club_leagues.flatMap((league) => league.ratings.map(([name, rating]) => [normaliseSearchText(name), centi(rating)] as const)));
const leagues = RATINGS_SNAPSHOT.club_leagues;
const CLUB_NEWCOMER = leagues.length === 0 ? 150_000 : centi(leagues.reduce((sum, l) => sum + l.newcomer, 0) / leagues.length);

/** The snapshot's date as epoch ms (its last match's day, UTC): results from the next day on move ratings. */
export const SNAPSHOT_ENDS = Date.parse(`${RATINGS_SNAPSHOT.as_of}T00:00:00Z`) + 86_400_000;

export const OUTCOME_MODEL = RATINGS_SNAPSHOT.model;
export const RATINGS_AS_OF = RATINGS_SNAPSHOT.as_of;

export function teamSeed(teamName: string): TeamSeed {
  const national = findNationalTeam(teamName);
  const names = [teamName, ...(national ? [national.name, ...(national.aliases ?? [])] : [])].map(normaliseSearchText);
  for (const name of names) {
    const rating = NATIONAL.get(name);
    if (rating !== undefined) return { rating, national: true };
  }
  if (national) return { rating: centi(RATINGS_SNAPSHOT.national_start), national: true };
  return { rating: CLUBS.get(normaliseSearchText(teamName)) ?? CLUB_NEWCOMER, national: false };
}
