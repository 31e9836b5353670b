import { delay } from 'msw';
import { fakeApi, userByToken } from './fakeApi';
import { fail, handle, ok } from './route';
import { MATCH } from './resultBets';
import { leagueWorld } from './leagueWorld';

/** A test that must see a process pending sets `held` and resolves it when done looking. */
export const processGate: { held: Promise<void> | null } = { held: null };

/** Admin processes; they take a moment (or until processGate.held resolves), so a test can see them pending. */
const process = (name: 'updatePartial' | 'updateAll' | 'updateCompetition' | 'notify', processName: string) =>
  handle(name, async ({ token, request }) => {
    fakeApi.requests.push(`POST ${new URL(request.url).pathname}`);
    await delay(50);
    if (processGate.held) await processGate.held;
    if (!userByToken(token)?.is_admin) return fail(403, 'You do not have permission to do that');
    return ok({ message: `Process ${processName} finished`, process: processName, updated_matches: 0 });
  });

export const updateHandlers = [
  process('updatePartial', 'update'),
  process('updateAll', 'update_all'),
  process('updateCompetition', 'update_competition'),
  process('notify', 'notify'),
  handle('updateCompetitionPoints', ({ token }) => (userByToken(token)?.is_admin
    ? ok({ message: 'Process update_competition_points finished', process: 'update_competition_points' })
    : fail(403, 'You do not have permission to do that'))),
  handle('matchUpdate', ({ params, body, token }) => {
    if (!userByToken(token)?.is_admin) return fail(403, 'You do not have permission to do that');
    leagueWorld.matchEdits.push({ id: Number(params.id), ...body.match });
    return ok({ message: 'Match updated', match: { ...MATCH, id: Number(params.id), ...body.match, status: body.match.status ?? MATCH.status } });
  }),
];
