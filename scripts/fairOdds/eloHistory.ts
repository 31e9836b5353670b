import { K_BY_IMPORTANCE, eloChange, ratingGap } from '../../src/shared/domain/fairOdds/elo';
import { importanceOf, type InternationalMatch } from './internationalResults';

/**
 * A team's first rating. eloratings.net does not publish its own; 1445 puts the computed ratings of the leading
 * European and South American teams within a few points of its published figures (docs/fair-odds.md).
 */
export const INITIAL_RATING = 1445;

/** A match with both sides' ratings before it: what the outcome model is fitted and checked on. */
export interface RatedMatch extends InternationalMatch { homeRating: number; awayRating: number; homeMatches: number; awayMatches: number }

/**
 * Every match in date order through the Elo formula: each team's ratings after the last match before `until`
 * (ISO date, exclusive; all matches without it), and every match on the way with the ratings before it.
 */
export function runElo(matches: readonly InternationalMatch[], until?: string): { ratings: Map<string, number>; played: Map<string, number>; rated: RatedMatch[] } {
  const ratings = new Map<string, number>();
  const played = new Map<string, number>();
  const rated: RatedMatch[] = [];
  for (const match of matches) {
    if (until !== undefined && match.date >= until) break;
    const home = ratings.get(match.home) ?? INITIAL_RATING;
    const away = ratings.get(match.away) ?? INITIAL_RATING;
    rated.push({ ...match, homeRating: home, awayRating: away, homeMatches: played.get(match.home) ?? 0, awayMatches: played.get(match.away) ?? 0 });
    const change = eloChange({
      local: home, visiting: away, neutral: match.neutral, k: K_BY_IMPORTANCE[importanceOf(match.tournament)],
      localGoals: match.homeGoals, visitingGoals: match.awayGoals,
    });
    ratings.set(match.home, home + change);
    ratings.set(match.away, away - change);
    played.set(match.home, (played.get(match.home) ?? 0) + 1);
    played.set(match.away, (played.get(match.away) ?? 0) + 1);
  }
  return { ratings, played, rated };
}

/** The rating gap the outcome model reads for a rated match (home advantage unless neutral). */
export const gapOf = (m: RatedMatch): number => ratingGap(m.homeRating, m.awayRating, m.neutral);
