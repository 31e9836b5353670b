import { readFile } from 'node:fs/promises';
import { ImportError } from './importedCompetition';
import type { OpenfootballFiles } from './openfootballParser';
import { DownloadError, MAX_REDIRECTS, webAddress, type DownloadLimits } from '../../platform/http/outboundGuard';
import { downloadText } from './remoteFile';

const SIBLINGS = ['groups', 'teams', 'squads'] as const;

/** A download's failure as the importer words it (a catalogue key for the console, English for the CLI and the history). */
function downloadFault(error: DownloadError, source: string, limits: DownloadLimits): ImportError {
  switch (error.failure) {
    case 'status':
      return new ImportError(`could not download ${source}: HTTP ${error.detail.status}`, { key: 'import.download_failed', vars: { source, status: error.detail.status ?? '' } });
    case 'internal':
      return new ImportError(`could not download ${source}: ${error.message} (allowed only for the hosts of IMPORT_ALLOWED_HOSTS)`,
        { key: 'import.internal_address', vars: { source, host: error.detail.host ?? '' } });
    case 'too_large': {
      const megabytes = Math.round(limits.maxBytes / 1_000_000);
      return new ImportError(`could not download ${source}: larger than ${megabytes} MB`, { key: 'import.too_large', vars: { source, megabytes } });
    }
    case 'timeout': {
      const seconds = Math.round(limits.timeoutMs / 1000);
      return new ImportError(`could not download ${source}: no complete answer within ${seconds} s`, { key: 'import.timed_out', vars: { source, seconds } });
    }
    case 'redirects':
      return new ImportError(`could not download ${source}: more than ${MAX_REDIRECTS} redirects`, { key: 'import.too_many_redirects', vars: { source, max: MAX_REDIRECTS } });
    default:
      return new ImportError(`could not download ${source}: ${error.message}`, { key: 'import.not_http', vars: { source } });
  }
}

async function readText(source: string, required: boolean, limits: DownloadLimits): Promise<string | null> {
  try {
    const url = webAddress(source);
    return url ? await downloadText(url.href, limits) : await readFile(source, 'utf8');
  } catch (error) {
    if (!required) return null;
    if (error instanceof DownloadError) throw downloadFault(error, source, limits);
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
 * `.teams.json` and `.squads.json` siblings (worldcup.json layout). URLs are downloaded within `limits`.
 */
export async function loadOpenfootball(given: string, limits: DownloadLimits): Promise<OpenfootballFiles> {
  const source = webAddress(given)?.href ?? given;
  const text = await readText(source, true, limits);
  const files: OpenfootballFiles = { matches: parseJson(text!, source) };
  const stem = /\.json$/i.test(source) ? source.replace(/\.json$/i, '') : null;
  if (stem && !SIBLINGS.some((s) => stem.endsWith(`.${s}`))) {
    for (const sibling of SIBLINGS) {
      const path = `${stem}.${sibling}.json`;
      const siblingText = await readText(path, false, limits);
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
