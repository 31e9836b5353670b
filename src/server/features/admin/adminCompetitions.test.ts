import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { IMPORT_FILE_MAX_BYTES } from '../../../shared/api/routes/adminCompetitions';
import { createUserWithToken } from '../../testing/fixtures';
import { acquireLock, releaseLock } from '../../platform/locks/processLocks';
import { startFakeFootballData, type FakeFootballData } from '../../domain/providers/footballData/testing/fakeFootballData';

const FIXTURES = join(__dirname, '../../domain/competitions/testing/fixtures');
const MINICUP = readFileSync(join(FIXTURES, 'minicup-2030.json'), 'utf8');
const api = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;

async function admin(t: TestApp) {
  return createUserWithToken(t.deps, { is_admin: true, name: 'Root' });
}

const upload = (extra: object = {}) => ({ provider: 'openfootball', file: { name: 'minicup-2030.json', content: MINICUP }, ...extra });

async function counts(t: TestApp) {
  const [competitions, matches, teams] = await Promise.all(['competitions', 'matches', 'teams'].map((table) =>
    t.deps.db.selectFrom(table as 'competitions').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()));
  return { competitions: Number(competitions!.n), matches: Number(matches!.n), teams: Number(teams!.n) };
}

let fake: FakeFootballData;
/** A web server on this machine's loopback: what an import by URL must not reach unless IMPORT_ALLOWED_HOSTS says so. */
let files: Server;
let filesUrl: string;
beforeAll(async () => {
  fake = await startFakeFootballData();
  files = createServer((req, res) => {
    if (req.url === '/data/minicup-2030.json') res.end(MINICUP);
    else if (req.url === '/data/minicup-2030.groups.json') res.end(readFileSync(join(FIXTURES, 'minicup-2030.groups.json')));
    else if (req.url === '/metadata') { res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }); res.end(); }
    else if (req.url === '/huge.json') { res.writeHead(200, { 'content-length': String(IMPORT_FILE_MAX_BYTES + 1) }); res.end(); }
    else { res.statusCode = 404; res.end(); }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => files.close(resolve));
});

describeEachDb('admin console: competitions', (ctx) => {
  it('imports from football-data.org with a code and season; without a token it answers 502 and records the failure', async () => {
    const t = ctx();
    const root = await admin(t);
    const post = () => call(t.app, {
      method: 'POST', url: api('/admin/competitions/import', 'es'), token: root.token, payload: { provider: 'football-data', code: 'wc', season: 2026 },
    });
    Object.assign(t.deps.config, { footballDataUrl: fake.baseUrl, footballDataToken: null });
    const refused = await post();
    expect(refused.statusCode).toBe(502);
    expect(refused.data.error).toBe('El proveedor de resultados ha fallado: no hay ningún token de acceso configurado (FOOTBALL_DATA_TOKEN)');
    expect(await counts(t)).toEqual({ competitions: 0, matches: 0, teams: 0 });

    Object.assign(t.deps.config, { footballDataToken: 'test-token', footballDataRequestsPerMinute: 1000 });
    const res = await post();
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ created: true, competition: { provider: 'football-data', provider_ref: 'WC:2026', season: 2026, matches_total: fake.world.matches.length } });
    const runs = (await call(t.app, { method: 'GET', url: api('/admin/processes', 'es'), token: root.token })).data.runs;
    expect(runs.map((r: { outcome: string }) => r.outcome)).toEqual(['done', 'failed']);
    // The history says why in the admin's words, as the refusal did.
    expect(runs[1].error).toBe('El proveedor de resultados ha fallado: no hay ningún token de acceso configurado (FOOTBALL_DATA_TOKEN)');
  });

  it('imports an uploaded openfootball file as a recorded run, lists it, and re-imports it in place', async () => {
    const t = ctx();
    const root = await admin(t);
    const res = await call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload: upload({ time_zone: 'Europe/Madrid' }) });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      process: 'import_competition', created: true, updated_matches: 10, teams: 4, groups: 1, time_zone: 'Europe/Madrid',
      message: 'Competition "Mini Cup 2030" imported: 10 matches',
      competition: { name: 'Mini Cup 2030', provider: 'openfootball', provider_ref: 'upload:minicup-2030.json', teams: 4, matches_total: 10, archived: false },
    });
    expect(res.data.competition.last_sync).toMatchObject({ outcome: 'done', error: null });
    expect(res.data.competition.last_successful_sync_at).toBe(res.data.competition.last_sync.at);

    const list = await call(t.app, { method: 'GET', url: api('/admin/competitions'), token: root.token });
    expect(list.data.competitions).toEqual([res.data.competition]);

    const runs = await call(t.app, { method: 'GET', url: api('/admin/processes'), token: root.token });
    expect(runs.data).toMatchObject({ total: 1, page: 1 });
    expect(runs.data.runs[0]).toMatchObject({
      id: res.data.run_id, kind: 'import_competition', trigger: 'manual', outcome: 'done', created: true, updated_matches: 10,
      started_by: { id: root.id, name: 'Root' }, competition: { id: res.data.competition.id, name: 'Mini Cup 2030' }, error: null,
    });

    const again = await call(t.app, { method: 'POST', url: api('/admin/competitions/import', 'es'), token: root.token, payload: upload() });
    expect(again.statusCode).toBe(200);
    expect(again.data).toMatchObject({ created: false, message: 'Competición "Mini Cup 2030" actualizada: 10 partidos' });
    expect(again.data.competition.id).toBe(res.data.competition.id);
    expect(await counts(t)).toEqual({ competitions: 1, matches: 10, teams: 4 });
  });

  it('an uploaded competition syncs by revealing results, not by re-reading a file', async () => {
    const t = ctx();
    const root = await admin(t);
    const imported = await call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload: upload() });
    const id = imported.data.competition.id;
    const sync = await call(t.app, { method: 'POST', url: api(`/update/update_competition/${id}`), token: root.token });
    expect(sync.statusCode).toBe(200);
    const runs = await call(t.app, { method: 'GET', url: api('/admin/processes?kind=update_competition'), token: root.token });
    expect(runs.data.runs).toEqual([expect.objectContaining({ kind: 'update_competition', outcome: 'done', competition: { id, name: 'Mini Cup 2030' } })]);
  });

  it('refuses a bad file with a translated message naming the fault, and changes nothing but the failed run', async () => {
    const t = ctx();
    const root = await admin(t);
    const before = await counts(t);
    const broken = await call(t.app, {
      method: 'POST', url: api('/admin/competitions/import', 'es'), token: root.token,
      payload: { provider: 'openfootball', file: { name: 'cup.json', content: '{"name": "Cup", "matches": [' } },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.data.error).toMatch(/^No se ha podido importar la competición: cup.json no es un JSON válido: /);
    const wrongRound = await call(t.app, {
      method: 'POST', url: api('/admin/competitions/import'), token: root.token,
      payload: upload({ file: { name: 'cup.json', content: MINICUP.replace('"Matchday 1"', '"Round of 7"') } }),
    });
    expect(wrongRound.statusCode).toBe(400);
    expect(wrongRound.data.error).toBe('The competition could not be imported: match 1: unknown round "Round of 7"');
    const noMatches = await call(t.app, {
      method: 'POST', url: api('/admin/competitions/import', 'es'), token: root.token,
      payload: upload({ file: { name: 'cup.json', content: '{"name": "Cup", "teams": []}' } }),
    });
    expect(noMatches.data.error).toBe('No se ha podido importar la competición: el archivo no es un archivo de partidos de openfootball: necesita { "name": ..., "matches": [...] }');
    // Fields of the wrong type (a file typed by hand) are named too, never a server error.
    const match = { round: 'Matchday 1', date: '2030-06-10', team1: 'Spain', team2: 'Japan', score: { ft: [1, 0] } };
    for (const [field, value] of [['goals1', [{ name: { first: 'Pedri' } }]], ['goals2', 3], ['group', 7], ['num', { n: 1 }]] as const) {
      const wrong = await call(t.app, {
        method: 'POST', url: api('/admin/competitions/import'), token: root.token,
        payload: upload({ file: { name: 'cup.json', content: JSON.stringify({ name: 'Cup', matches: [match, { ...match, [field]: value }] }) } }),
      });
      expect([wrong.statusCode, wrong.data.error]).toEqual([400, `The competition could not be imported: match 2: the field "${field}" has the wrong type`]);
    }
    // Names longer than their columns (PostgreSQL would refuse them mid-import) are named with their limit.
    const long = 'x'.repeat(151);
    for (const [field, value, max] of [['team1', long.slice(0, 101), 100], ['group', long.slice(0, 51), 50], ['goals1', [{ name: long }], 150]] as const) {
      const tooLong = await call(t.app, {
        method: 'POST', url: api('/admin/competitions/import'), token: root.token,
        payload: upload({ file: { name: 'cup.json', content: JSON.stringify({ name: 'Cup', matches: [{ ...match, [field]: value }] }) } }),
      });
      expect([tooLong.statusCode, tooLong.data.error]).toEqual([400, `The competition could not be imported: match 1: "${field}" is longer than ${max} characters`]);
    }
    const longName = await call(t.app, {
      method: 'POST', url: api('/admin/competitions/import', 'es'), token: root.token,
      payload: upload({ file: { name: 'cup.json', content: JSON.stringify({ name: long, matches: [match] }) } }),
    });
    expect(longName.data.error).toBe('No se ha podido importar la competición: "name" tiene más de 150 caracteres');
    expect(await counts(t)).toEqual(before);
    const failed = await call(t.app, { method: 'GET', url: api('/admin/processes?outcome=failed'), token: root.token });
    expect(failed.data.total).toBe(11);
    expect(failed.data.runs[9]).toMatchObject({ kind: 'import_competition', outcome: 'failed', error: 'match 1: unknown round "Round of 7"' });
  });

  it('checks the combination of fields: one source, web addresses only, known time zones, no fields of the other provider', async () => {
    const t = ctx();
    const root = await admin(t);
    const post = (payload: object) => call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload });
    const neither = await post({ provider: 'openfootball' });
    expect(neither.statusCode).toBe(400);
    expect(neither.data.errors).toEqual({ url: ['give either a URL or a file'] });
    expect((await post({ ...upload(), url: 'https://example.com/cup.json' })).data.errors).toEqual({ file: ['give either a URL or a file'] });
    expect((await post({ provider: 'openfootball', url: 'file:///etc/passwd' })).data.errors).toEqual({ url: ['must be an http:// or https:// address'] });
    expect((await post(upload({ time_zone: 'Mars/Olympus' }))).data.errors).toEqual({ time_zone: [expect.stringMatching(/not a known time zone/)] });
    expect((await post(upload({ code: 'WC' }))).data.errors).toEqual({ code: ['only goes with a football-data.org import'] });
    expect((await post({ provider: 'football-data', code: 'WC', replay: true })).data.errors).toEqual({ replay: ['only goes with an openfootball import'] });
    // Files are bounded: past IMPORT_FILE_MAX_BYTES the field is refused, and a larger body is never read.
    const tooBig = await post(upload({ file: { name: 'big.json', content: ' '.repeat(IMPORT_FILE_MAX_BYTES + 1) } }));
    expect(tooBig.statusCode).toBe(400);
    expect(Object.keys(tooBig.data.errors)).toEqual(['file.content']);
    expect((await post(upload({ file: { name: 'big.json', content: ' '.repeat(IMPORT_FILE_MAX_BYTES + 100_000) } }))).statusCode).toBe(413);
    expect(await counts(t)).toEqual({ competitions: 0, matches: 0, teams: 0 });
    const runs = await call(t.app, { method: 'GET', url: api('/admin/processes'), token: root.token });
    expect(runs.data.total).toBe(0);
  });

  it('imports by URL only from hosts outside the server\'s own network unless allowed, within the size bound', async () => {
    const t = ctx();
    const root = await admin(t);
    const post = (url: string, locale = 'en') =>
      call(t.app, { method: 'POST', url: api('/admin/competitions/import', locale), token: root.token, payload: { provider: 'openfootball', url } });
    const local = `${filesUrl}/data/minicup-2030.json`;
    const refused = await post(local, 'es');
    expect(refused.statusCode).toBe(400);
    expect(refused.data.error).toBe(`No se ha podido importar la competición: no se ha podido descargar ${local}: 127.0.0.1 está en la red del propio servidor `
      + '(quien administra el servidor puede permitirlo con IMPORT_ALLOWED_HOSTS)');
    // An allowed host's redirect to the cloud metadata address is refused all the same; so is a file past the bound.
    t.deps.config.importAllowedHosts = ['127.0.0.1'];
    expect((await post(`${filesUrl}/metadata`)).data.error).toMatch(/169\.254\.169\.254 is on the server's own network/);
    expect((await post(`${filesUrl}/huge.json`)).data.error).toMatch(/huge\.json: it is larger than 2 MB$/);
    expect((await post(`${filesUrl.replace('//', '//user:secret@')}/data/minicup-2030.json`)).data.errors).toEqual({ url: ['must not carry a user name or password'] });
    expect(await counts(t)).toEqual({ competitions: 0, matches: 0, teams: 0 });
    expect((await call(t.app, { method: 'GET', url: api('/admin/processes?outcome=failed'), token: root.token })).data.total).toBe(3);

    const imported = await post(local);
    expect(imported.statusCode).toBe(200);
    expect(imported.data).toMatchObject({ created: true, groups: 1, teams: 4, competition: { provider: 'openfootball', provider_ref: local, matches_total: 10 } });
  });

  it('reads a URL as the download does: `http:/host/...` is downloaded from that host, never read as a server path', async () => {
    const t = ctx();
    const root = await admin(t);
    const post = (url: string) =>
      call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload: { provider: 'openfootball', url } });
    // A file on the server at the relative path the text spells: must never be imported.
    const dir = mkdtempSync(join(tmpdir(), 'porra-import-'));
    const cwd = process.cwd();
    try {
      mkdirSync(join(dir, 'http:', 'cup.invalid'), { recursive: true });
      writeFileSync(join(dir, 'http:', 'cup.invalid', 'minicup-2030.json'), MINICUP);
      process.chdir(dir);
      const local = await post('http:/cup.invalid/minicup-2030.json');
      expect(local.statusCode).toBe(400);
      expect(local.data.error).toContain('http://cup.invalid/minicup-2030.json');
      expect(await counts(t)).toEqual({ competitions: 0, matches: 0, teams: 0 });
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
    // The same spelling of an allowed host is downloaded from it, and stored as the address it names.
    t.deps.config.importAllowedHosts = ['127.0.0.1'];
    const web = await post(`${filesUrl.replace('http://', 'HTTP:/')}/data/minicup-2030.json`);
    expect(web.statusCode).toBe(200);
    expect(web.data).toMatchObject({ created: true, groups: 1, competition: { provider_ref: `${filesUrl}/data/minicup-2030.json` } });
  });

  it('refuses a visitor and a player before reading their body, however large or broken', async () => {
    const t = ctx();
    const player = await createUserWithToken(t.deps, { name: 'Ana' });
    const huge = JSON.stringify(upload({ file: { name: 'big.json', content: ' '.repeat(IMPORT_FILE_MAX_BYTES + 100_000) } }));
    for (const [token, status] of [[null, 401], [player.token, 403]] as const) {
      for (const payload of [huge, '{"provider": "openfootball", "file": ']) {
        const res = await call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token, payload, headers: { 'content-type': 'application/json' } });
        expect([res.statusCode, res.data.error]).toEqual([status, expect.any(String)]);
      }
    }
    expect(await counts(t)).toEqual({ competitions: 0, matches: 0, teams: 0 });
  });

  it('keys a competition by a long file name within the key column, the same on every re-import', async () => {
    const t = ctx();
    const root = await admin(t);
    const file = { name: `${'season-'.repeat(27)}.json`, content: MINICUP };
    const first = await call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload: upload({ file }) });
    expect(first.statusCode).toBe(200);
    const again = await call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload: upload({ file }) });
    expect(again.data).toMatchObject({ created: false, competition: { id: first.data.competition.id } });
    const { external_key: key } = await t.deps.db.selectFrom('competitions').select('external_key').executeTakeFirstOrThrow();
    expect(key!.length).toBeLessThanOrEqual(200);
  });

  it('refuses a second import while one runs (409), recording nothing for it', async () => {
    const t = ctx();
    const root = await admin(t);
    const lock = await acquireLock(t.deps.db, 'import_competition', t.clock.now());
    const busy = await call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload: upload() });
    expect(busy.statusCode).toBe(409);
    expect(busy.data.error).toMatch(/already running/);
    await releaseLock(t.deps.db, lock!);
    expect((await call(t.app, { method: 'GET', url: api('/admin/processes'), token: root.token })).data.total).toBe(0);
    expect((await call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload: upload() })).statusCode).toBe(200);
  });

  it('archives a competition: gone from the active list, refused for new leagues, its leagues kept; unarchive brings it back', async () => {
    const t = ctx();
    const root = await admin(t);
    const player = await createUserWithToken(t.deps, { name: 'Ana' });
    const imported = await call(t.app, { method: 'POST', url: api('/admin/competitions/import'), token: root.token, payload: upload({ shift_to: '2099-06-10T16:00:00Z' }) });
    const id = imported.data.competition.id;
    const league = await call(t.app, { method: 'POST', url: api('/leagues'), token: player.token, payload: { league: { name: 'Before', competition_id: id } } });
    expect(league.statusCode).toBe(200);

    const archived = await call(t.app, { method: 'POST', url: api(`/admin/competitions/${id}/archive`), token: root.token });
    expect(archived.statusCode).toBe(200);
    expect(archived.data).toMatchObject({ message: 'Competition "Mini Cup 2030" archived: it is no longer offered to new leagues', competition: { id, archived: true } });
    expect((await call(t.app, { method: 'GET', url: api('/competition/active') })).data).toEqual([]);
    const refused = await call(t.app, { method: 'POST', url: api('/leagues'), token: player.token, payload: { league: { name: 'After', competition_id: id } } });
    expect(refused.statusCode).toBe(400);
    expect((await call(t.app, { method: 'GET', url: api(`/leagues/${league.data.league.id}`), token: player.token })).statusCode).toBe(200);
    // Archiving twice changes nothing and keeps the first time.
    const twice = await call(t.app, { method: 'POST', url: api(`/admin/competitions/${id}/archive`), token: root.token });
    expect(twice.data.competition.archived_at).toBe(archived.data.competition.archived_at);

    const back = await call(t.app, { method: 'POST', url: api(`/admin/competitions/${id}/unarchive`), token: root.token });
    expect(back.data.competition).toMatchObject({ archived: false, archived_at: null });
    expect((await call(t.app, { method: 'GET', url: api('/competition/active') })).data).toEqual([expect.objectContaining({ id })]);
    const audit = await call(t.app, { method: 'GET', url: api('/admin/audit'), token: root.token });
    expect(audit.data.entries.map((e: { action: string; actor: { id: number } }) => [e.action, e.actor.id]))
      .toEqual([['unarchive_competition', root.id], ['archive_competition', root.id]]);
    expect((await call(t.app, { method: 'POST', url: api('/admin/competitions/999999/archive'), token: root.token })).statusCode).toBe(404);
  });
});
