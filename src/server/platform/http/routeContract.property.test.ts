import fc from 'fast-check';
import { routeTable } from '../../../shared/api/routeTable';
import { routeUrl, type RouteDef } from '../../../shared/api/route';
import { requestArbitrary, toInject } from '../../testing/contractRequests';
import { createContractApp, sessionToken, type ContractApp } from '../../testing/contractWorld';
import { DB_KINDS } from '../../testing/harness';
import { OpenApiContract } from '../../testing/openapiContract';
import { personalTokenFor } from '../../features/apiTokens/testing/apiTokensTestKit';

/**
 * The API contract, checked the way an OpenAPI fuzzer checks it, for every route of the shared table (routes
 * added later are covered without touching this file): requests generated from the route's own schemas, valid
 * and hostile, sent by a signed-in player, a visitor, a caller with a made-up token, and for admin routes an
 * admin, against the seeded demo. Every answer must be no 5xx, a status the OpenAPI document lists for the
 * operation, a documented Content-Type, and a body valid against the documented schema for that status; and the
 * server must not have had to turn an undeclared error status into a declared one.
 *
 * Runs per route: CONTRACT_RUNS (default 25). Reads first, then writes, then deletions, so the seeded league
 * survives long enough for most routes to reach their services.
 */
const RUNS = Number(process.env.CONTRACT_RUNS ?? 25);
const METHOD_ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, DELETE: 2 };
const routes = (Object.entries(routeTable) as [string, RouteDef][])
  .sort(([, a], [, b]) => METHOD_ORDER[a.method]! - METHOD_ORDER[b.method]!);

type Caller = 'player' | 'visitor' | 'made-up token' | 'admin' | 'read token' | 'bet token';
const callers = (def: RouteDef): fc.Arbitrary<Caller> => fc.constantFrom<Caller>(
  'player', 'player', 'player', 'player', 'visitor', 'visitor', 'made-up token', 'read token', 'bet token',
  ...(def.access === 'admin' ? ['admin', 'admin', 'admin'] as const : []),
);

describe.each(DB_KINDS)('every route answers as its OpenAPI document says [%s]', (kind) => {
  let t: ContractApp;
  let contract: OpenApiContract;
  beforeAll(async () => {
    t = await createContractApp(kind);
    const doc = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    contract = new OpenApiContract(doc.json());
  }, 120_000);
  // CONTRACT_STATS=1 prints the statuses each route answered (how deep the generated requests reached).
  const seen = new Map<string, Map<string, number>>();
  afterAll(async () => {
    await t?.close();
    if (process.env.CONTRACT_STATS) {
      console.log([...seen].map(([route, counts]) => `${route}: ${[...counts].map(([s, n]) => `${s}x${n}`).join(' ')}`).join('\n'));
    }
  });

  it.each(routes)('%s', async (name, def) => {
    const player = await sessionToken(t.deps, t.users['ana@porra.demo']!);
    const admin = await sessionToken(t.deps, t.users['admin@porra.demo']!);
    const tokens: Record<Caller, string | null> = {
      player, admin, visitor: null, 'made-up token': 'not-a-real-token',
      'read token': await personalTokenFor(t.deps, t.users['ana@porra.demo']!, 'read'),
      'bet token': await personalTokenFor(t.deps, t.users['ana@porra.demo']!, 'bet'),
    };
    await fc.assert(fc.asyncProperty(requestArbitrary(def), callers(def), async (req, caller) => {
      const logged = t.logLines.length;
      const res = await t.app.inject(toInject(req, tokens[caller]));
      const counts = seen.get(name) ?? new Map<string, number>();
      counts.set(String(res.statusCode), (counts.get(String(res.statusCode)) ?? 0) + 1);
      seen.set(name, counts);
      const where = `${caller} ${req.method} ${req.url} ${req.payload?.slice(0, 300) ?? ''}\n-> ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (res.statusCode >= 500) throw new Error(`server error: ${where}`);
      const problem = contract.problem(name, res);
      if (problem) throw new Error(`${problem}: ${where}`);
      const complaints = t.logLines.slice(logged).filter((line) => /undeclared error status|unhandled error/.test(line));
      if (complaints.length > 0) throw new Error(`${complaints.join('')}: ${where}`);
    }), { numRuns: RUNS });
  }, 120_000);

  it('documents every route of the table', () => {
    const missing = routes.filter(([name]) => !contract.operation(name)).map(([name, def]) => `${name} ${def.method} ${routeUrl(def)}`);
    expect(missing).toEqual([]);
  });
});
