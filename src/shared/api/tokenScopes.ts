import type { RouteDef, TokenScope } from './route';

/**
 * Whether a personal API token of `scope` may call a route: the route names the least scope it accepts
 * (`tokens`), and a `bet` token may do all a `read` token may. A route naming none accepts no token.
 */
export function tokenMayCall(def: Pick<RouteDef, 'tokens'>, scope: TokenScope): boolean {
  if (!def.tokens) return false;
  return def.tokens === 'read' || scope === 'bet';
}

/** The sentence the API document adds to a route that accepts personal API tokens. */
export function tokenScopeNote(def: Pick<RouteDef, 'tokens'>): string | undefined {
  if (def.tokens === 'read') return 'Accepts personal API tokens (scope `read` or `bet`).';
  if (def.tokens === 'bet') return 'Accepts personal API tokens of scope `bet`.';
  return undefined;
}
