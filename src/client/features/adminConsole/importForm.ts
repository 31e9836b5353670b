import type { RouteBody } from '../../../shared/api/route';
import type { adminCompetitionRoutes } from '../../../shared/api/routes/adminCompetitions';

type ImportBody = RouteBody<typeof adminCompetitionRoutes.adminImportCompetition>;

/** Where a competition comes from: an openfootball file sent from here, an openfootball URL, or football-data.org. */
export const IMPORT_SOURCES = ['file', 'url', 'football-data'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportForm {
  source: ImportSource;
  url: string;
  file: File | null;
  name: string;
  time_zone: string;
  replay: boolean;
  /** datetime-local text, in the admin's own time zone. */
  shift_to: string;
  code: string;
  season: string;
}

/** What a form still lacks before it can be sent (each has its own message). */
type ImportMissing = 'file' | 'url' | 'code' | 'season';

/**
 * The request body of an import form, with only the fields of the chosen source and blank optional fields left
 * out (the server refuses fields of the other provider). `content` is the chosen file's text.
 */
export function importBodyOf(form: ImportForm, content?: string): { body: ImportBody } | { missing: ImportMissing } {
  if (form.source === 'football-data') {
    const code = form.code.trim();
    if (!code) return { missing: 'code' };
    const season = form.season.trim();
    if (season && !/^\d{4}$/.test(season)) return { missing: 'season' };
    return { body: { provider: 'football-data', code, ...(season ? { season: Number(season) } : {}) } };
  }
  const options = {
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    ...(form.time_zone.trim() ? { time_zone: form.time_zone.trim() } : {}),
    ...(form.replay ? { replay: true } : {}),
    ...(form.shift_to ? { shift_to: new Date(form.shift_to).toISOString() } : {}),
  };
  if (form.source === 'url') {
    const url = form.url.trim();
    return url ? { body: { provider: 'openfootball', url, ...options } } : { missing: 'url' };
  }
  if (!form.file || !content) return { missing: 'file' };
  return { body: { provider: 'openfootball', file: { name: form.file.name, content }, ...options } };
}
