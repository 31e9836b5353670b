import { http, HttpResponse } from 'msw';
import { fakeApi, userByToken } from './fakeApi';
import { handleSignedIn, leagueWorld, memberIds } from './leagueWorld';
import { fail, ok, routePattern } from './route';

/** The CSV the fake server answers: a byte-order mark, then a table with accents. */
export const FAKE_CSV = '\uFEFFPosition,Member,Points\r\n1,Begoña Núñez,12\r\n';

const attachment = (name: string) => `attachment; filename="${name.normalize('NFD').replace(/[^\x20-\x7e]/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const dataExportHandlers = [
  // The CSV is not JSON, so it is answered here rather than through handle(), which checks JSON shapes.
  http.get(routePattern('leagueExport'), ({ request, params }) => {
    fakeApi.requests.push(`GET ${new URL(request.url).pathname}`);
    const user = userByToken(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null);
    if (!user) return HttpResponse.json({ error: 'You need to sign in or sign up before continuing' }, { status: 401 });
    if (leagueWorld.failing.has('leagueExport')) {
      return HttpResponse.json({ error: 'Too many attempts. Please wait a moment and try again' }, { status: 429, headers: { 'retry-after': '60' } });
    }
    const league = leagueWorld.leagues.find((l) => l.id === Number(params.id));
    if (!league || !memberIds(league.id).includes(user.id)) return HttpResponse.json({ error: 'You are not allowed to do that' }, { status: 403 });
    return new HttpResponse(FAKE_CSV, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': attachment(`${league.name} 2026-06-01.csv`) },
    });
  }),
  handleSignedIn('leagueArchive', ({ params }, user) => {
    const league = leagueWorld.leagues.find((l) => l.id === Number(params.id));
    if (!league || league.owner_id !== user.id) return fail(403, 'You are not allowed to do that');
    return {
      ...ok({
        format: 'porra-league-archive', version: 2, exported_at: '2026-06-01T12:00:00.000Z',
        league: { id: league.id, name: league.name, competition: 'Cup', owner_id: user.id, created_at: '2026-05-01T10:00:00.000Z', settings: {} },
        members: [], log: [], signature: '0'.repeat(64),
      }),
      headers: { 'content-disposition': attachment(`${league.name} archive 2026-06-01.json`) },
    };
  }),
  handleSignedIn('userExport', (_call, user) => ({
    ...ok({
      format: 'porra-user-data', version: 1, exported_at: '2026-06-01T12:00:00.000Z', user_id: user.id,
      sections: { account: { id: user.id, name: user.name }, result_bets: [{ league: 'Office pool', local_goals: 2, visiting_goals: 1 }] },
    }),
    headers: { 'content-disposition': attachment('porra-my-data 2026-06-01.json') },
  })),
];
