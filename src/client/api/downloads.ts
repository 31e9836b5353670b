import type { RouteName } from '../../shared/api/routeTable';
import { routeTable } from '../../shared/api/routeTable';
import i18n from '../lib/i18n/i18n';
import { readToken } from '../lib/session/token';
import { errorMessage, requestUrl } from './baseQuery';

/** A file the server answered: its bytes and the name it suggested. */
interface DownloadedFile { blob: Blob; fileName: string }

/** The name a Content-Disposition header suggests: the exact `filename*` (RFC 5987) first, else the plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (exact) {
    try {
      return decodeURIComponent(exact[1]);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] || fallback;
}

/**
 * Reads a file route (a CSV, a JSON download) with the bearer token and the locale prefix, as the base query does,
 * but keeps the answer as bytes: the server's bytes reach the file untouched (a CSV's byte-order mark included).
 * A refusal becomes an Error with the server's translated message.
 */
export async function downloadRoute(name: RouteName, params: Record<string, number> = {}, fallbackName = 'porra'): Promise<DownloadedFile> {
  const token = await readToken();
  let response: Response;
  try {
    response = await fetch(requestUrl({ name, def: routeTable[name], params }), {
      credentials: 'include', cache: 'no-store', headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new Error(i18n.t('errors.api_unreachable'));
  }
  if (!response.ok) {
    const data = await response.json().catch(() => undefined) as unknown;
    throw new Error(errorMessage({ status: response.status, data }));
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}

/** Hands a file to the browser to save (a link with `download`, clicked once). */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
