import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eloChange, ratingGap } from '../../src/shared/domain/fairOdds/elo';
import type { FitMatch } from './fitModel';

/** A club league season in openfootball's JSON (football.json): its name and its matches with 90-minute scores. */
interface SeasonFile { name: string; matches: { date: string; team1: string; team2: string; score?: { ft?: [number, number] } }[] }

export interface ClubSeason { file: string; name: string; matches: { date: string; home: string; away: string; homeGoals: number; awayGoals: number }[] }

/** League seasons (files named like laliga-2025-26.json: a season in the name and no tournament groups) of a folder. */
export function readClubSeasons(dir: string): ClubSeason[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((file) => /-\d{4}-\d{2}\.json$/.test(file)).sort().map((file) => {
    const season = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SeasonFile;
    const matches = season.matches.filter((m) => m.score?.ft).map((m) => ({
      date: m.date, home: m.team1, away: m.team2, homeGoals: m.score!.ft![0], awayGoals: m.score!.ft![1],
    })).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return { file, name: season.name, matches };
  });
}

/** A club's first rating: every club of a season starts level. */
export const CLUB_START = 1500;
/** League matches weigh as the Elo formula's "other tournaments". */
export const CLUB_K = 30;

/**
 * A season's clubs rated match by match (home advantage for the home side): the ratings at its end, and the
 * second half's matches with the ratings before each (the first half is spent learning from the level start).
 */
export function rateSeason(season: ClubSeason, k = CLUB_K): { ratings: Map<string, number>; secondHalf: FitMatch[] } {
  const ratings = new Map<string, number>();
  const secondHalf: FitMatch[] = [];
  season.matches.forEach((m, i) => {
    const [home, away] = [ratings.get(m.home) ?? CLUB_START, ratings.get(m.away) ?? CLUB_START];
    if (i >= season.matches.length / 2) secondHalf.push({ gap: ratingGap(home, away, false), homeGoals: m.homeGoals, awayGoals: m.awayGoals });
    const change = eloChange({ local: home, visiting: away, neutral: false, k, localGoals: m.homeGoals, visitingGoals: m.awayGoals });
    ratings.set(m.home, home + change);
    ratings.set(m.away, away - change);
  });
  return { ratings, secondHalf };
}

/** What a club new to a league (promoted) starts at: the mean of the three lowest ratings at the season's end. */
export function newcomerRating(ratings: Map<string, number>): number {
  const lowest = [...ratings.values()].sort((a, b) => a - b).slice(0, 3);
  return lowest.reduce((a, b) => a + b, 0) / Math.max(1, lowest.length);
}
