import fc from 'fast-check';
import { routeTable } from '../../../shared/api/routeTable';
import { fillPath, routeUrl, type RouteDef, type TokenScope } from '../../../shared/api/route';
import { tokenMayCall } from '../../../shared/api/tokenScopes';
import { createUserWithToken } from '../../testing/fixtures';
import { call, createTestApp, type TestApp } from '../../testing/harness';
import { personalTokenFor } from './testing/apiTokensTestKit';

/**
 * What a personal API token may reach, over every route of the table (routes added later are covered): a read token
 * only a player's reads, a bet token those plus the bets a tipping bot places; never account, sessions, tokens,
 * league management or admin routes. And the server refuses (403) every route a token's scope does not open.
 */
const routes = Object.entries(routeTable) as [string, RouteDef][];
/** The calls a tipping bot makes: result bets, round and top-scorer picks, bonus answers. */
const BETTING = new Set(['updateResultBet', 'fillRoundBet', 'clearRoundBet', 'fillPersonBet', 'clearPersonBet', 'bonusQuestionAnswer']);
const NEVER = /^\/(admin|update)\b|^\/users(\/(sign_out|password|verify_email|api_tokens|calendar_token)|$|\/index$)/;
const route = fc.constantFrom(...routes);
const scope = fc.constantFrom<TokenScope>('read', 'bet');

describe('token scopes over the route table', () => {
  it('a read token reaches only GET routes, never account or admin routes', () => {
    fc.assert(fc.property(route, ([, def]) => {
      if (!tokenMayCall(def, 'read')) return;
      expect(def.method).toBe('GET');
      expect(def.access).not.toBe('admin');
      expect(def.path).not.toMatch(NEVER);
    }), { numRuns: routes.length * 3 });
  });

  it('a bet token reaches the read routes and only the betting ones besides', () => {
    fc.assert(fc.property(route, ([name, def]) => {
      if (!tokenMayCall(def, 'bet')) return;
      expect(tokenMayCall(def, 'read') || BETTING.has(name)).toBe(true);
      expect(def.access).not.toBe('admin');
      expect(def.path).not.toMatch(NEVER);
    }), { numRuns: routes.length * 3 });
  });

  it('every betting route is open to a bet token and closed to a read token', () => {
    for (const name of BETTING) {
      const def = (routeTable as Record<string, RouteDef>)[name]!;
      expect([name, tokenMayCall(def, 'bet'), tokenMayCall(def, 'read')]).toEqual([name, true, false]);
    }
  });
});

describe('the server refuses a token on every route its scope does not open', () => {
  let t: TestApp;
  const tokens = {} as Record<TokenScope, string>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const user = await createUserWithToken(t.deps, { name: 'Bot owner', is_admin: true });
    tokens.read = await personalTokenFor(t.deps, user.id, 'read');
    tokens.bet = await personalTokenFor(t.deps, user.id, 'bet');
  });
  afterAll(async () => { await t.close(); });

  it('answers 403 (or treats the caller as a visitor on a public route)', async () => {
    await fc.assert(fc.asyncProperty(route, scope, async ([name, def], tokenScope) => {
      if (tokenMayCall(def, tokenScope) || def.access === 'public') return;
      const params = Object.fromEntries([...def.path.matchAll(/:(\w+)/g)].map(([, key]) => [key, 1]));
      const path = fillPath(routeUrl(def).replace(':locale', 'en'), params);
      const res = await call(t.app, { method: def.method, url: path, token: tokens[tokenScope], ...(def.method !== 'GET' && { payload: {} }) });
      expect({ name, tokenScope, status: res.statusCode }).toEqual({ name, tokenScope, status: 403 });
    }), { numRuns: routes.length * 2 });
  });
});
