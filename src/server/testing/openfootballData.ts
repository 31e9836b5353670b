import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The shared openfootball files (CC0) sit beside the repository, never inside it. */
const OPENFOOTBALL_DIR = resolve(__dirname, '../../../../shared/data/openfootball');

/**
 * The paths of these openfootball files, or null when one is absent: then the suite says so on the console and in
 * the skipped test's name, so a run without the data never passes for one that checked it.
 */
export function openfootballFiles(suite: string, ...names: string[]): string[] | null {
  const paths = names.map((name) => join(OPENFOOTBALL_DIR, name));
  const missing = paths.filter((path) => !existsSync(path));
  if (missing.length === 0) return paths;
  console.warn(`${suite}: skipped, openfootball data not found (${missing.join(', ')})`);
  return null;
}

/** The name a test or block takes when its data is absent. */
export const skippedWithoutData = (name: string) => `${name} (skipped: openfootball data not found)`;
