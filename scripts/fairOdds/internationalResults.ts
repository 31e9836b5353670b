import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { MatchImportance } from '../../src/shared/domain/fairOdds/elo';

/**
 * The international results dataset (github.com/martj42/international_results, CC0): every men's full
 * international since 1872, one row per match. Scores include extra time, not shoot-outs.
 */
export interface InternationalMatch {
  date: string; home: string; away: string; homeGoals: number; awayGoals: number; tournament: string; neutral: boolean;
}

/** One CSV line's fields (double quotes around fields holding commas, "" for a quote inside). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { fields.push(field); field = ''; } else field += c;
  }
  fields.push(field);
  return fields;
}

/** results.csv's played matches, in date order as the file has them (matches without a score yet are left out). */
export function parseResults(text: string): InternationalMatch[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = csvFields(lines[0]);
  const at = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`results.csv has no ${name} column`);
    return index;
  };
  const [date, home, away, hs, as, tournament, neutral] =
    ['date', 'home_team', 'away_team', 'home_score', 'away_score', 'tournament', 'neutral'].map(at);
  const matches: InternationalMatch[] = [];
  for (const line of lines.slice(1)) {
    const f = csvFields(line);
    const [homeGoals, awayGoals] = [Number(f[hs]), Number(f[as])];
    if (!Number.isInteger(homeGoals) || !Number.isInteger(awayGoals) || f[hs] === '' || f[as] === '') continue;
    matches.push({ date: f[date], home: f[home], away: f[away], homeGoals, awayGoals, tournament: f[tournament], neutral: f[neutral] === 'TRUE' });
  }
  return matches.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const FINALS = new Set([
  'UEFA Euro', 'Copa América', 'African Cup of Nations', 'AFC Asian Cup', 'Gold Cup', 'CONCACAF Championship',
  'Oceania Nations Cup', 'Confederations Cup',
]);
const MAJOR = new Set(['UEFA Nations League', 'CONCACAF Nations League']);

/** eloratings.net's weight classes as the dataset names its tournaments. */
export function importanceOf(tournament: string): MatchImportance {
  if (tournament === 'FIFA World Cup') return 'world_cup';
  if (FINALS.has(tournament)) return 'continental';
  const qualified = tournament.replace(/ qualification$/, '');
  if (qualified !== tournament && (qualified === 'FIFA World Cup' || FINALS.has(qualified) || MAJOR.has(qualified))) return 'qualifier';
  if (MAJOR.has(tournament)) return 'qualifier';
  if (tournament === 'Friendly') return 'friendly';
  return 'tournament';
}

/**
 * results.csv from a path: the file itself, a folder holding it, or a bare git repository of the dataset (read
 * at HEAD), as `fetch`-style mirrors are.
 */
export function readResultsText(path: string): string {
  if (statSync(path).isFile()) return readFileSync(path, 'utf8');
  if (existsSync(join(path, 'results.csv'))) return readFileSync(join(path, 'results.csv'), 'utf8');
  return execFileSync('git', ['--git-dir', path, 'show', 'HEAD:results.csv'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/**
 * Where tests find the dataset: INTERNATIONAL_RESULTS (a file, folder or git directory), else the shared data
 * folder beside the repository (../shared/data/international_results). Null when neither is there.
 */
export function findResultsPath(repoRoot: string): string | null {
  const candidates = [process.env.INTERNATIONAL_RESULTS, join(repoRoot, '..', 'shared', 'data', 'international_results')];
  return candidates.find((path): path is string => !!path && existsSync(path)) ?? null;
}
