import { fillPath, routeUrl } from '../../src/shared/api/route';
import { routeTable } from '../../src/shared/api/routeTable';

/** The path of an API call as the route table declares it, in English, its parameters filled in. */
export function apiPath(name: keyof typeof routeTable, params: Record<string, string | number> = {}): string {
  return fillPath(routeUrl(routeTable[name]), { locale: 'en', ...params });
}
