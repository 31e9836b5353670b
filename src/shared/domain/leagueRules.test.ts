import { defaultPickRules } from './leagueRules';
import { ROUND } from './rounds';

describe('default pick rules', () => {
  it('gives a cup one rule per knockout round it plays, picks = teams in the round, plus Champion and Top scorer', () => {
    expect(defaultPickRules('cup', { [ROUND.ROUND_OF_32]: 32, [ROUND.ROUND_OF_16]: 16, [ROUND.QUARTER_FINALS]: 8, [ROUND.SEMI_FINALS]: 4, [ROUND.FINAL]: 2 }))
      .toEqual([
        { round_id: ROUND.ROUND_OF_32, picks: 32, points_per_hit: 1 },
        { round_id: ROUND.ROUND_OF_16, picks: 16, points_per_hit: 2 },
        { round_id: ROUND.QUARTER_FINALS, picks: 8, points_per_hit: 3 },
        { round_id: ROUND.SEMI_FINALS, picks: 4, points_per_hit: 4 },
        { round_id: ROUND.FINAL, picks: 2, points_per_hit: 5 },
        { round_id: ROUND.CHAMPION, picks: 1, points_per_hit: 8 },
        { round_id: ROUND.TOP_SCORER, picks: 2, points_per_hit: 1 },
      ]);
  });

  it('skips knockout rounds the cup does not play', () => {
    expect(defaultPickRules('cup', { [ROUND.SEMI_FINALS]: 4, [ROUND.FINAL]: 2 }).map((r) => r.round_id))
      .toEqual([ROUND.SEMI_FINALS, ROUND.FINAL, ROUND.CHAMPION, ROUND.TOP_SCORER]);
  });

  it('gives a league season its final-table prizes and Top scorer', () => {
    expect(defaultPickRules('league')).toEqual([
      { round_id: ROUND.LEAGUE_CHAMPION, picks: 1, points_per_hit: 10 },
      { round_id: ROUND.EUROPEAN_PLACES, picks: 4, points_per_hit: 3 },
      { round_id: ROUND.RELEGATION, picks: 3, points_per_hit: 3 },
      { round_id: ROUND.TOP_SCORER, picks: 2, points_per_hit: 1 },
    ]);
  });
});
