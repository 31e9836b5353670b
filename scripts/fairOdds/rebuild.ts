/**
 * Rebuilds the fair-odds snapshot the server ships (src/server/domain/fairOdds/ratingsSnapshot.ts) from the full
 * datasets, and prints the calibration docs/fair-odds.md quotes:
 *
 *   npx tsx scripts/fairOdds/rebuild.ts --results <results.csv | its folder | its git directory> [--openfootball <dir>]
 *
 * National teams: World Football Elo over every international since 1872 (martj42/international_results, CC0),
 * the ratings as of the dataset's last match; the outcome model fitted on the matches since 1990 between teams
 * past their first 30 matches, the 2018 and 2022 World Cups held out and reported. Clubs: every openfootball
 * league season in the folder (default ../shared/data/openfootball), each club's rating at its season's end.
 */
import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { outcomeChances, type OutcomeModel } from '../../src/shared/domain/fairOdds/outcomeModel';
import { brierScore, reliabilityTable } from './calibration';
import { newcomerRating, rateSeason, readClubSeasons, CLUB_K } from './clubSeasons';
import { gapOf, INITIAL_RATING, runElo, type RatedMatch } from './eloHistory';
import { fitModel, type FitMatch } from './fitModel';
import { parseResults, readResultsText } from './internationalResults';

const ROOT = resolve(__dirname, '..', '..');
const SNAPSHOT = join(ROOT, 'src/server/domain/fairOdds/ratingsSnapshot.ts');

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** Matches the outcome model learns from: since 1990, both sides past their first 30 (provisional) matches. */
const FIT_FROM = '1990-01-01';
const SETTLED_AFTER = 30;
const heldOut = (m: RatedMatch) => m.tournament === 'FIFA World Cup' && (m.date.startsWith('2018') || m.date.startsWith('2022'));
const asFit = (m: RatedMatch): FitMatch => ({ gap: gapOf(m), homeGoals: m.homeGoals, awayGoals: m.awayGoals });

const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function sourceOf(path: string): string {
  try {
    if (statSync(path).isDirectory()) return execFileSync('git', ['--git-dir', path, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch { /* a plain folder or file: no commit to name */ }
  return 'unknown';
}

function main() {
  const resultsPath = argument('results') ?? process.env.INTERNATIONAL_RESULTS;
  if (!resultsPath) throw new Error('--results <path> (or INTERNATIONAL_RESULTS) names the international results dataset');
  const matches = parseResults(readResultsText(resultsPath));
  const { ratings, played, rated } = runElo(matches);
  const settled = rated.filter((m) => m.date >= FIT_FROM && m.homeMatches >= SETTLED_AFTER && m.awayMatches >= SETTLED_AFTER);
  const fitSet = settled.filter((m) => !heldOut(m)).map(asFit);
  const model = fitModel(fitSet);
  const rounded: OutcomeModel = {
    slope: Number(model.slope.toFixed(6)), cut: Number(model.cut.toFixed(6)),
    goals_intercept: Number(model.goals_intercept.toFixed(6)), goals_slope: Number(model.goals_slope.toFixed(6)),
  };

  const asOf = matches.at(-1)!.date;
  const lastPlayed = new Map<string, string>();
  for (const m of matches) { lastPlayed.set(m.home, m.date); lastPlayed.set(m.away, m.date); }
  // Teams still playing: the ones a competition may hold.
  const national = [...ratings].filter(([team]) => (lastPlayed.get(team) ?? '') >= '2010-01-01')
    .sort(([a], [b]) => a.localeCompare(b)).map(([team, rating]) => [team, round2(rating)] as const);

  const openfootball = argument('openfootball') ?? join(ROOT, '..', 'shared', 'data', 'openfootball');
  const seasons = readClubSeasons(openfootball).filter((s) => s.matches.length > 0);
  const clubs = seasons.map((season) => {
    const { ratings: clubRatings } = rateSeason(season);
    return {
      league: season.name, file: season.file, newcomer: round2(newcomerRating(clubRatings)),
      ratings: [...clubRatings].sort(([a], [b]) => a.localeCompare(b)).map(([team, rating]) => [team, round2(rating)] as const),
    };
  });

  writeFileSync(SNAPSHOT, snapshotSource({ asOf, source: sourceOf(resultsPath), model: rounded, national, clubs, fitMatches: fitSet.length }));
  console.log(`wrote ${SNAPSHOT}: ${national.length} national teams, ${clubs.reduce((n, c) => n + c.ratings.length, 0)} clubs`);

  // Calibration on the held-out World Cups, as docs/fair-odds.md quotes it.
  const uniform = () => ({ home: 1 / 3, draw: 1 / 3, away: 1 / 3 });
  const counts = fitSet.reduce((c, m) => {
    const s = Math.sign(m.homeGoals - m.awayGoals);
    return { home: c.home + Number(s === 1), draw: c.draw + Number(s === 0), away: c.away + Number(s === -1) };
  }, { home: 0, draw: 0, away: 0 });
  const baseRates = { home: counts.home / fitSet.length, draw: counts.draw / fitSet.length, away: counts.away / fitSet.length };
  console.log(`\nmodel: ${JSON.stringify(rounded)} fitted on ${fitSet.length} matches; start rating ${INITIAL_RATING}`);
  console.log(`fit set outcomes: home ${pct(baseRates.home)}, draw ${pct(baseRates.draw)}, away ${pct(baseRates.away)}`);
  console.log('\n| World Cup | matches | Brier (model) | Brier (uniform) | Brier (fit set\'s outcome rates) |\n| --- | --- | --- | --- | --- |');
  const cups = ['2018', '2022'].map((year) => rated.filter((m) => m.tournament === 'FIFA World Cup' && m.date.startsWith(year)).map(asFit));
  for (const [year, cup] of [['2018', cups[0]], ['2022', cups[1]], ['both', [...cups[0], ...cups[1]]]] as const) {
    console.log(`| ${year} | ${cup.length} | ${brierScore(cup, (m) => outcomeChances(rounded, m.gap)).toFixed(4)} | ${brierScore(cup, uniform).toFixed(4)} | ${brierScore(cup, () => baseRates).toFixed(4)} |`);
  }
  console.log('\n| forecast chance | forecasts | mean forecast | observed |\n| --- | --- | --- | --- |');
  for (const row of reliabilityTable([...cups[0], ...cups[1]], rounded, 0.1)) {
    console.log(`| ${pct(row.from)}–${pct(row.to)} | ${row.forecasts} | ${pct(row.meanForecast)} | ${pct(row.observedRate)} |`);
  }
  for (const season of seasons) {
    const { secondHalf } = rateSeason(season);
    console.log(`\nclubs ${season.name} (K ${CLUB_K}): second half Brier ${brierScore(secondHalf, (m) => outcomeChances(rounded, m.gap)).toFixed(4)}`
      + ` (uniform ${brierScore(secondHalf, uniform).toFixed(4)}) over ${secondHalf.length} matches`);
  }
  const settledTeams = [...played].filter(([, n]) => n >= SETTLED_AFTER).length;
  console.log(`\n${settledTeams} teams past ${SETTLED_AFTER} matches; dataset ${matches.length} matches to ${asOf}`);
}

interface Snapshot {
  asOf: string; source: string; model: OutcomeModel; fitMatches: number;
  national: (readonly [string, number])[];
  clubs: { league: string; file: string; newcomer: number; ratings: (readonly [string, number])[] }[];
}

function snapshotSource(s: Snapshot): string {
  const pairs = (rows: (readonly [string, number])[], indent: string) =>
    rows.map(([team, rating]) => `${indent}[${JSON.stringify(team)}, ${rating}],`).join('\n');
  return `// Generated by scripts/fairOdds/rebuild.ts from the international results dataset (martj42/international_results,
// CC0, commit ${s.source}) and openfootball's league seasons (CC0). Do not edit: run the script again.
import type { RatingsSnapshot } from './snapshotTypes';

export const RATINGS_SNAPSHOT: RatingsSnapshot = {
  as_of: '${s.asOf}',
  national_start: ${INITIAL_RATING},
  /** Fitted on ${s.fitMatches} internationals (docs/fair-odds.md). */
  model: ${JSON.stringify(s.model).replace(/"(\w+)":/g, '$1: ').replace(/,/g, ', ').replace(/\{/g, '{ ').replace(/\}/g, ' }')},
  national: [
${pairs(s.national, '    ')}
  ],
  club_leagues: [
${s.clubs.map((c) => `    {
      league: ${JSON.stringify(c.league)},
      newcomer: ${c.newcomer},
      ratings: [
${pairs(c.ratings, '        ')}
      ],
    },`).join('\n')}
  ],
};
`;
}

main();
