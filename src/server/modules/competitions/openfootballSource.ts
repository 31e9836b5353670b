import { readFile } from 'node:fs/promises';
import { ImportError } from './importedCompetition';
import type { OpenfootballFiles } from './openfootballParser';

const SIBLINGS = ['groups', 'teams', 'squads'] as const;
const isUrl = (source: string) => /^https?:\/\//i.test(source);

async function readText(source: string, required: boolean): Promise<string | null> {
  try {
    if (isUrl(source)) {
      const res = await fetch(source, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) {
        if (required) throw new ImportError(`could not download ${source}: HTTP ${res.status}`, { key: 'import.download_failed', vars: { source, status: res.status } });
        return null;
      }
      return await res.text();
    }
    return await readFile(source, 'utf8');
  } catch (error) {
    if (!required) return null;
    if (error instanceof ImportError) throw error;
    throw new ImportError(`could not read ${source}: ${(error as Error).message}`, { key: 'import.read_failed', vars: { source, detail: (error as Error).message } });
  }
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportError(`${source} is not valid JSON: ${(error as Error).message}`, { key: 'import.not_json', vars: { file: source, detail: (error as Error).message } });
  }
}

/**
 * Reads an openfootball matches file (path or URL) and, when they sit beside it, its `.groups.json`,
 * `.teams.json` and `.squads.json` siblings (worldcup.json layout).
 */
export async function loadOpenfootball(source: string): Promise<OpenfootballFiles> {
  const text = await readText(source, true);
  const files: OpenfootballFiles = { matches: parseJson(text!, source) };
  const stem = /\.json$/i.test(source) ? source.replace(/\.json$/i, '') : null;
  if (stem && !SIBLINGS.some((s) => stem.endsWith(`.${s}`))) {
    for (const sibling of SIBLINGS) {
      const path = `${stem}.${sibling}.json`;
      const siblingText = await readText(path, false);
      if (siblingText !== null) files[sibling] = parseJson(siblingText, path);
    }
  }
  return files;
}

/** An uploaded matches file (its siblings are not sent): `name` only names it in messages. */
export function uploadedOpenfootball(text: string, name: string): OpenfootballFiles {
  return { matches: parseJson(text, name) };
}

/** The competition's stable key when --name is not given: the file name without extension. */
export function defaultExternalKey(source: string): string {
  const base = source.replace(/[?#].*$/, '').split(/[\\/]/).filter(Boolean).pop() ?? source;
  return base.replace(/\.json$/i, '');
}
