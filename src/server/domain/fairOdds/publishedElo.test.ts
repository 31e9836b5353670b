import { resolve } from 'node:path';
import { RATINGS_SNAPSHOT } from './ratingsSnapshot';
import { runElo } from '../../../../scripts/fairOdds/eloHistory';
import { findResultsPath, parseResults, readResultsText } from '../../../../scripts/fairOdds/internationalResults';

/**
 * World Football Elo computed from the international results dataset against ratings eloratings.net published,
 * as public pages quoted them (docs/fair-odds.md lists every figure and its difference):
 * - 14 January 2010 and 9 March 2014: the English Wikipedia article "World Football Elo Ratings", whose top-60
 *   tables of those dates are taken from eloratings.net;
 * - the start of the 2022 World Cup (20 November 2022): The Hindu's data team (14 December 2022; Brazil, Argentina) and a
 *   republished data piece of the same series on the group stage (England, Iran).
 * The dataset is not eloratings.net's own list of matches, and its start rating is not published: the leading
 * European and South American teams come within UEFA_CONMEBOL_TOLERANCE points, other confederations' teams (whose
 * matches the two lists hold differently) within OTHER_TOLERANCE.
 */
const UEFA_CONMEBOL_TOLERANCE = 30;
const OTHER_TOLERANCE = 60;

const PUBLISHED: { date: string; source: string; europeAndSouthAmerica: Record<string, number>; others: Record<string, number> }[] = [
  {
    date: '2010-01-14', source: 'Wikipedia, World Football Elo Ratings (January 2010 revision)',
    europeAndSouthAmerica: {
      Brazil: 2081, Spain: 2067, Netherlands: 2002, England: 1957, Germany: 1933, Italy: 1928, Argentina: 1876, France: 1863,
      Croatia: 1861, Chile: 1858, Portugal: 1843, Russia: 1822, Serbia: 1805, Uruguay: 1793, Denmark: 1774, Switzerland: 1764,
    },
    others: { Mexico: 1875, 'United States': 1784, 'Ivory Coast': 1781, Japan: 1777, Australia: 1762 },
  },
  {
    date: '2014-03-09', source: 'Wikipedia, World Football Elo Ratings (March 2014 revision)',
    europeAndSouthAmerica: {
      Brazil: 2113, Spain: 2086, Germany: 2064, Argentina: 1989, Netherlands: 1963, England: 1909, Portugal: 1908, Colombia: 1904,
      Uruguay: 1894, Chile: 1892, Italy: 1885, France: 1872, Russia: 1822, Switzerland: 1819, Ukraine: 1814, Belgium: 1805,
      Sweden: 1795, Greece: 1790, Croatia: 1784, 'Bosnia and Herzegovina': 1740, Serbia: 1740, 'Czech Republic': 1727, Denmark: 1726,
      Turkey: 1698,
    },
    others: {
      'United States': 1829, Mexico: 1795, 'Ivory Coast': 1789, Japan: 1752, Nigeria: 1720, Egypt: 1713, Iran: 1709,
      'Costa Rica': 1707, Australia: 1705,
    },
  },
  {
    date: '2022-11-20', source: 'The Hindu and its data series, ratings at the start of the 2022 World Cup',
    europeAndSouthAmerica: { Brazil: 2169, Argentina: 2143, England: 1920 },
    others: { Iran: 1797 },
  },
];

const resultsPath = findResultsPath(resolve(__dirname, '../../../..'));
if (!resultsPath) {
  console.warn('published Elo ratings: skipped, international results dataset not found (set INTERNATIONAL_RESULTS to results.csv, '
    + 'its folder or its git directory, or put it in ../shared/data/international_results)');
}
const describeIfData = resultsPath ? describe : describe.skip;
const suite = resultsPath ? 'published Elo ratings' : 'published Elo ratings (skipped: international results dataset not found)';

describeIfData(suite, () => {
  const matches = resultsPath ? parseResults(readResultsText(resultsPath)) : [];

  it.each(PUBLISHED)('reproduces eloratings.net on $date ($source)', ({ date, europeAndSouthAmerica, others }) => {
    const { ratings } = runElo(matches, date);
    const off = (teams: Record<string, number>, tolerance: number) => Object.entries(teams)
      .map(([team, published]) => ({ team, published, computed: Math.round(ratings.get(team) ?? NaN) }))
      .filter((r) => !(Math.abs(r.computed - r.published) <= tolerance));
    expect(off(europeAndSouthAmerica, UEFA_CONMEBOL_TOLERANCE)).toEqual([]);
    expect(off(others, OTHER_TOLERANCE)).toEqual([]);
  });

  it('the shipped snapshot holds the ratings the dataset gives at its last match', () => {
    const last = matches.at(-1)!.date;
    if (last !== RATINGS_SNAPSHOT.as_of) {
      console.warn(`published Elo ratings: the dataset runs to ${last}, the snapshot to ${RATINGS_SNAPSHOT.as_of}; its ratings are not compared`);
      return;
    }
    const { ratings } = runElo(matches);
    for (const [team, rating] of RATINGS_SNAPSHOT.national) expect({ team, rating: Math.round((ratings.get(team) ?? NaN) * 100) / 100 }).toEqual({ team, rating });
  });
});
