import type { OutcomeModel } from '../../../shared/domain/fairOdds/outcomeModel';

/** The ratings the server starts from and the model it reads them with (ratingsSnapshot.ts, generated). */
export interface RatingsSnapshot {
  /** The date of the dataset's last match. */
  as_of: string;
  /** Where a national team new to the Elo history starts. */
  national_start: number;
  model: OutcomeModel;
  /** National teams by the dataset's names, rating. */
  national: readonly (readonly [string, number])[];
  /** Per openfootball league season: its clubs' ratings at its end, and what a club new to it starts at. */
  club_leagues: readonly { league: string; newcomer: number; ratings: readonly (readonly [string, number])[] }[];
}
