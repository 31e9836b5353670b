import { routeUrl, type RouteDef } from '../../../shared/api/route';
/** The parts of /api/v1/openapi.json that no single route carries: what holds for every call. */
export const openapiInfo = {
  info: {
    title: 'Porra API',
    version: '1.0.0',
    description: [
      'Football score-prediction game with private leagues.',
      'Bodies are JSON in and out (any other request body type is a 415). `{locale}` (es or en) picks the language of messages.',
      'Every error answers `{ "error": "...", "errors"?: { "field": ["..."] } }` with one of the statuses its operation lists.',
      'A method an existing path does not document answers 405 with an `Allow` header; OPTIONS answers 204 with `Allow`.',
      'Operations marked with bearerAuth need the token that sign-in and sign-up return, as `Authorization: Bearer <token>`.',
      'Operations marked with personalToken also accept a personal API token (`porra_pat_...`, made in account settings) as the bearer token: scope `read` for the player\'s reads, `bet` also for placing bets. Any other operation answers 403 to such a token.',
    ].join('\n\n'),
  },
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' },
      personalToken: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'porra_pat_<user id>_<secret>' },
    },
  },
};

/**
 * The document with its paths in the route table's order (the contract's own), whatever order the features registered
 * their routes in. Paths outside the table keep their order after those of the table.
 */
export function pathsInTableOrder<Doc extends { paths?: Record<string, unknown> }>(doc: Doc, table: Record<string, RouteDef>): Doc {
  if (!doc.paths) return doc;
  const rank = new Map<string, number>();
  Object.values(table).forEach((def, index) => {
    const path = routeUrl(def).replace(/:(\w+)/g, '{$1}');
    if (!rank.has(path)) rank.set(path, index);
  });
  const last = Object.keys(table).length;
  const paths = Object.entries(doc.paths).sort(([a], [b]) => (rank.get(a) ?? last) - (rank.get(b) ?? last));
  return { ...doc, paths: Object.fromEntries(paths) };
}
