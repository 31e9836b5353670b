import { delay } from 'msw';
import type { Static } from 'typebox';
import type { AdminCompetition } from '../../../shared/api/routes/adminCompetitions';
import type { OutboxMail, PROCESS_KINDS, ProcessRun } from '../../../shared/api/routes/adminOperations';
import type { AdminUser } from '../../../shared/api/routes/adminUsers';
import { fakeApi, userByToken } from './fakeApi';
import { fail, handle, ok, type Call, type Reply } from './route';

type Competition = Static<typeof AdminCompetition>;
// ProcessKind is built with .map, so its static type is empty: the kinds are named here.
type Run = Omit<Static<typeof ProcessRun>, 'kind'> & { kind: (typeof PROCESS_KINDS)[number] };
type Mail = Static<typeof OutboxMail>;
type ConsoleUser = Static<typeof AdminUser>;

const AT = '2026-06-20T18:00:00.000Z';

const WORLD_CUP: Competition = {
  id: 1, name: 'World Cup 2026', competition_type: 'cup', provider: 'openfootball', provider_ref: 'https://example.com/worldcup.json',
  season: null, replay: false, time_zone: 'America/New_York', teams: 48, matches_played: 40, matches_total: 104, finished: false,
  archived: false, archived_at: null, last_sync: { at: AT, outcome: 'failed', error: 'openfootball answered 503' },
  last_successful_sync_at: '2026-06-20T17:00:00.000Z', next_sync_at: '2026-06-20T18:05:00.000Z',
};

/** A scheduled run that ended well and changed nothing, which the history leaves out unless asked (as the server does). */
const idle = (row: Run) => row.trigger === 'scheduled' && row.outcome === 'done'
  && [row.updated_matches, row.recomputed_bets, row.notified].some((n) => n !== null)
  && [row.updated_matches, row.recomputed_bets, row.notified].every((n) => !n);

const run = (id: number, fields: Partial<Run>): Run => ({
  id, kind: 'update', trigger: 'scheduled', competition: null, started_by: null, started_at: AT, finished_at: AT, duration_ms: 1200,
  outcome: 'done', updated_matches: 3, recomputed_bets: 120, notified: null, created: null, error: null, ...fields,
});

/** The console's side of the fake server, rebuilt before each console test. */
function fresh() {
  return {
    competitions: [{ ...WORLD_CUP }] as Competition[],
    runs: [
      run(4, { updated_matches: 0, recomputed_bets: 0, duration_ms: 40 }),
      run(3, { kind: 'notify', updated_matches: null, recomputed_bets: null, notified: 7, duration_ms: 300 }),
      run(2, { kind: 'update_competition', trigger: 'manual', competition: { id: 1, name: 'World Cup 2026' }, started_by: { id: 2, name: 'Root' }, outcome: 'failed', updated_matches: null, recomputed_bets: null, error: 'openfootball answered 503' }),
      run(1, {}),
    ] as Run[],
    /** Console facts about the fake server's users (leagues, disabled, last sign-in) by user id. */
    disabled: new Set<number>(),
    leagues: new Map<number, Array<{ id: number; name: string }>>([[1, [{ id: 7, name: 'Office pool' }]]]),
    mails: [
      { id: 2, to: 'nico@example.com', kind: 'verification', subject: 'Confirm your email', status: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:25', created_at: AT },
      { id: 1, to: 'ana@example.com', kind: 'invitation', subject: 'Root invites you to Office pool', status: 'sent', error: null, created_at: AT },
    ] as Mail[],
    /** Every console call, "name:args" (what a test asserts was sent). */
    calls: [] as string[],
    /** Admin actions recorded, newest first (action, entity id). */
    audit: [] as Array<{ action: string; entity: 'user' | 'competition'; id: number }>,
    /** Import bodies received. */
    imports: [] as unknown[],
    /** When set, imports answer only once it resolves (a test holds an import running). */
    importGate: null as Promise<void> | null,
    /** A run the history shows as running for `readsLeft` reads, then as done. */
    liveRun: null as { readsLeft: number } | null,
  };
}

export let adminWorld = fresh();
export function resetAdminWorld(): void {
  adminWorld = fresh();
}

/** Answers 403 to anyone but a global admin, as the server's route guard does. */
const adminOnly = (resolve: (call: Call) => Reply | Promise<Reply>) => (call: Call): Reply | Promise<Reply> =>
  (userByToken(call.token)?.is_admin ? resolve(call) : fail(403, 'You do not have permission to do that'));

const consoleUser = (id: number): ConsoleUser => {
  const user = fakeApi.users.find((row) => row.id === id)!;
  return {
    id: user.id, name: user.name, email: user.email, is_admin: user.is_admin, email_verified: user.email_verified,
    disabled: adminWorld.disabled.has(id), disabled_at: adminWorld.disabled.has(id) ? AT : null,
    last_sign_in_at: id === 1 ? AT : null, created_at: '2026-01-01T10:00:00.000Z', leagues: adminWorld.leagues.get(id) ?? [],
  };
};

const paged = <T>(rows: T[], query: URLSearchParams) => {
  const page = Number(query.get('page') ?? 1);
  const perPage = Number(query.get('per_page') ?? 20);
  return { rows: rows.slice((page - 1) * perPage, page * perPage), total: rows.length, page, per_page: perPage };
};

/** An openfootball file as the server reads it: JSON with a name and a list of matches (or a 400 naming the fault). */
function readOpenfootball(content: string): { name: string; matches: number; teams: number } | { error: string } {
  let data: { name?: unknown; matches?: Array<{ team1?: string; team2?: string }> };
  try {
    data = JSON.parse(content);
  } catch {
    return { error: 'The file is not valid JSON' };
  }
  if (!Array.isArray(data.matches)) return { error: 'The file has no "matches" list: is it an openfootball file?' };
  const teams = new Set(data.matches.flatMap((match) => [match.team1, match.team2]));
  return { name: typeof data.name === 'string' ? data.name : 'Imported', matches: data.matches.length, teams: teams.size };
}

const userAction = (name: 'adminResendVerification' | 'adminPasswordReset' | 'adminDisableUser' | 'adminEnableUser' | 'adminSetAdmin',
  act: (id: number, body: any) => Reply | string) =>
  handle(name, adminOnly(({ params, body }) => {
    const id = Number(params.id);
    adminWorld.calls.push(`${name}:${id}${body ? `:${JSON.stringify(body)}` : ''}`);
    if (!fakeApi.users.some((row) => row.id === id)) return fail(404, 'User not found');
    const answer = act(id, body);
    return typeof answer === 'string' ? ok({ message: answer, user: consoleUser(id) }) : answer;
  }));

export const adminConsoleHandlers = [
  handle('adminCompetitions', adminOnly(() => ok({ competitions: adminWorld.competitions }))),
  handle('adminImportCompetition', adminOnly(async ({ body }) => {
    adminWorld.imports.push(body);
    await (adminWorld.importGate ?? delay(50));
    if (body.provider !== 'openfootball' || !body.file) return fail(502, 'football-data.org is not configured');
    const read = readOpenfootball(body.file.content);
    if ('error' in read) return fail(400, `${body.file.name}: ${read.error}`);
    const competition: Competition = {
      ...WORLD_CUP, id: adminWorld.competitions.length + 1, name: body.name ?? read.name, provider_ref: `upload:${body.file.name}`,
      teams: read.teams, matches_played: 0, matches_total: read.matches, replay: body.replay === true, time_zone: body.time_zone ?? null,
      last_sync: { at: AT, outcome: 'done', error: null }, last_successful_sync_at: AT, next_sync_at: null,
    };
    adminWorld.competitions.push(competition);
    const id = Math.max(...adminWorld.runs.map((row) => row.id)) + 1;
    adminWorld.runs.unshift(run(id, { kind: 'import_competition', trigger: 'manual', competition: { id: competition.id, name: competition.name }, started_by: { id: 2, name: 'Root' }, updated_matches: read.matches, recomputed_bets: null, created: true }));
    return ok({
      message: 'Process import_competition finished', process: 'import_competition', run_id: id, created: true, competition,
      updated_matches: read.matches, teams: read.teams, groups: 0, finished: 0, held: body.replay ? 2 : 0,
    });
  })),
  handle('adminArchiveCompetition', adminOnly(({ params }) => {
    const competition = adminWorld.competitions.find((row) => row.id === Number(params.id));
    if (!competition) return fail(404, 'Competition not found');
    Object.assign(competition, { archived: true, archived_at: AT });
    adminWorld.calls.push(`archive:${competition.id}`);
    return ok({ message: `${competition.name} archived`, competition });
  })),
  handle('adminUnarchiveCompetition', adminOnly(({ params }) => {
    const competition = adminWorld.competitions.find((row) => row.id === Number(params.id));
    if (!competition) return fail(404, 'Competition not found');
    Object.assign(competition, { archived: false, archived_at: null });
    adminWorld.calls.push(`unarchive:${competition.id}`);
    return ok({ message: `${competition.name} offered again`, competition });
  })),
  handle('adminProcesses', adminOnly(({ query }) => {
    adminWorld.calls.push(`processes:${query.toString()}`);
    let runs = adminWorld.runs.filter((row) => (!query.get('kind') || row.kind === query.get('kind')) && (!query.get('outcome') || row.outcome === query.get('outcome'))
      && (query.get('include_idle') === 'true' || !idle(row)));
    const live = adminWorld.liveRun;
    if (live) {
      // Shown running for its first reads, then done: what a poll of a real run sees.
      const running = live.readsLeft > 0;
      live.readsLeft -= 1;
      runs = [run(99, running
        ? { kind: 'update_all', outcome: 'running', finished_at: null, duration_ms: null, updated_matches: null, recomputed_bets: null }
        : { kind: 'update_all', updated_matches: 12 }), ...runs];
    }
    const { rows, ...page } = paged(runs, query);
    return ok({ runs: rows, ...page });
  })),
  handle('adminUsers', adminOnly(({ query }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    adminWorld.calls.push(`users:${search}`);
    const users = fakeApi.users.filter((row) => !search || row.name.toLowerCase().includes(search) || row.email.includes(search)).map((row) => consoleUser(row.id));
    const { rows, ...page } = paged(users, query);
    return ok({ users: rows, ...page });
  })),
  userAction('adminResendVerification', (id) => `A new confirmation link was sent to ${consoleUser(id).email}`),
  userAction('adminPasswordReset', (id) => `Password reset instructions were sent to ${consoleUser(id).email}`),
  userAction('adminDisableUser', (id) => {
    adminWorld.disabled.add(id);
    adminWorld.audit.unshift({ action: 'disable_user', entity: 'user', id });
    for (const [token, owner] of fakeApi.tokens) if (owner === id) fakeApi.tokens.delete(token);
    return `${consoleUser(id).name} is disabled`;
  }),
  userAction('adminEnableUser', (id) => {
    adminWorld.disabled.delete(id);
    return `${consoleUser(id).name} is enabled`;
  }),
  userAction('adminSetAdmin', (id, body: { admin: boolean }) => {
    if (!body.admin && fakeApi.users.filter((row) => row.is_admin).length === 1) return fail(409, 'The last admin cannot be demoted');
    fakeApi.users.find((row) => row.id === id)!.is_admin = body.admin;
    return body.admin ? `${consoleUser(id).name} is now an admin` : `${consoleUser(id).name} is no longer an admin`;
  }),
  handle('adminAudit', adminOnly(({ query }) => {
    const entries = adminWorld.audit.map((entry, index) => ({
      id: adminWorld.audit.length - index, action: entry.action, entity: entry.entity, entity_id: entry.id,
      actor: { id: 2, name: 'Root' }, target_name: entry.entity === 'user' ? consoleUser(entry.id).name : WORLD_CUP.name, details: null, created_at: AT,
    }));
    const { rows, ...page } = paged(entries, query);
    return ok({ entries: rows, ...page });
  })),
  handle('adminMail', adminOnly(({ query }) => {
    const mails = adminWorld.mails.filter((mail) => !query.get('status') || mail.status === query.get('status'));
    const { rows, ...page } = paged(mails, query);
    return ok({ mails: rows, ...page, push: { subscriptions: 5, users: 3 }, last_reminder_run: adminWorld.runs.find((row) => row.kind === 'notify') ?? null });
  })),
  handle('adminMailTest', adminOnly(({ token }) => {
    const to = userByToken(token)!.email;
    adminWorld.calls.push(`mail_test:${to}`);
    adminWorld.mails.unshift({ id: adminWorld.mails.length + 1, to, kind: 'test', subject: 'Porra test email', status: 'sent', error: null, created_at: AT });
    return ok({ message: `Test email sent to ${to}` });
  })),
  handle('adminSettings', adminOnly(() => ok({
    app_version: '0.1.0', schema_version: '20261124_m_admin_console', database: 'sqlite', mail: 'smtp',
    settings: [
      { key: 'APP_ORIGIN', value: 'https://porra.example.com', secret: false },
      { key: 'SMTP_URL', value: 'smtp://porra:********@smtp.example.com', secret: true },
      { key: 'FOOTBALL_DATA_TOKEN', value: null, secret: true },
    ],
  }))),
];
