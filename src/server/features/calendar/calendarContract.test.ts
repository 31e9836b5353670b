import fc from 'fast-check';
import { call, describeEachDb } from '../../testing/harness';
import { OpenApiContract } from '../../testing/openapiContract';
import { api, leagueWithMember, leagueWorld } from '../leagues/testing/leagueTestKit';
import { CALENDAR_FEED_ERRORS, CALENDAR_FEED_OPERATION } from './calendarRoutes';

/**
 * The calendar feed sits outside the API's route table, so the table-wide contract test does not reach it: it is
 * checked here the same way, as an OpenAPI fuzzer would. Every answer (a real feed, a replaced or made-up token,
 * a malformed file name, too many calls) must be a status its operation documents, with a documented body.
 */
describeEachDb('the calendar feed answers as its OpenAPI document says', (ctx) => {
  it('documents 200 and every error status the feed can answer', async () => {
    const t = ctx();
    const doc = (await call(t.app, { method: 'GET', url: '/api/v1/openapi.json' })).data;
    const op = new OpenApiContract(doc).operation(CALENDAR_FEED_OPERATION)!;
    expect(Object.keys(op.responses).sort()).toEqual(['200', ...CALENDAR_FEED_ERRORS.map(String)].sort());
  });

  it('answers generated requests only with documented statuses and bodies', async () => {
    const t = ctx();
    const contract = new OpenApiContract((await call(t.app, { method: 'GET', url: '/api/v1/openapi.json' })).data);
    const w = await leagueWorld(t);
    await leagueWithMember(t, w);
    const url = (await call(t.app, { method: 'GET', url: api('/users/index'), token: w.member.token })).data.calendar_url as string;
    const real = new URL(url).pathname.slice('/calendar/'.length);
    const file = fc.oneof(
      fc.constant(real),
      fc.string({ maxLength: 120 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,80}\.ics$/),
      fc.tuple(fc.integer({ min: 0, max: real.length - 1 }), fc.constantFrom('a', '-', '_', '.', '%')).map(([at, c]) => real.slice(0, at) + c + real.slice(at + 1)),
    );
    const seen = new Set<number>();
    await fc.assert(fc.asyncProperty(file, async (name) => {
      const res = await t.app.inject({ method: 'GET', url: `/calendar/${encodeURIComponent(name)}` });
      seen.add(res.statusCode);
      const problem = contract.problem(CALENDAR_FEED_OPERATION, res);
      if (problem) throw new Error(`${problem}: GET /calendar/${name} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    }), { numRuns: 150 });
    // The fuzzer's findings among them: a malformed name (400) and a token nobody holds (404).
    expect([...seen]).toEqual(expect.arrayContaining([200, 400, 404]));
  });
}, { config: { appOrigin: 'https://porra.example' } });
