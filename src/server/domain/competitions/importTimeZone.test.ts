import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { importOpenfootball } from '../competitionUpdates/importService';

// Real databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

const HOUR = 3_600_000;
/** A club season: kickoffs as bare local times ("19:00"), no UTC offset. */
const LEAGUE_FILE = join(__dirname, 'testing', 'fixtures', 'minileague-2030-31.json');

let dir: string;
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'porra-zone-')); });
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

/** The same file under a name the importer guesses a zone from (laliga: Europe/Madrid). */
function asLaliga(): string {
  const path = join(dir, 'laliga-2030-31.json');
  copyFileSync(LEAGUE_FILE, path);
  return path;
}

describeEachDb('openfootball imports keep their time zone', (ctx) => {
  const kickoffs = async (t: TestApp, competitionId: number) => (await t.deps.db.selectFrom('matches')
    .select(['external_key', 'date']).where('competition_id', '=', competitionId).orderBy('external_key').execute());
  const storedZone = async (t: TestApp, competitionId: number) => (await t.deps.db.selectFrom('competitions')
    .select('time_zone').where('id', '=', competitionId).executeTakeFirstOrThrow()).time_zone;
  const syncFromProvider = async (t: TestApp, competitionId: number) => {
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const res = await call(t.app, { method: 'POST', url: `/api/v1/en/update/update_competition/${competitionId}`, token: admin.token });
    expect(res.statusCode).toBe(200);
  };

  it('--timezone is stored; re-importing with or without it, and re-syncing, never moves a kickoff', async () => {
    const t = ctx();
    const first = await importOpenfootball(t.deps.db, { source: LEAGUE_FILE, timeZone: 'Europe/Madrid', now: t.clock.now() });
    expect(first.timeZone).toBe('Europe/Madrid');
    expect(await storedZone(t, first.competitionId)).toBe('Europe/Madrid');
    const before = await kickoffs(t, first.competitionId);
    // "19:00" on 17 August in Madrid (CEST, UTC+2).
    expect(before.map((m) => m.date)).toContain(Date.parse('2030-08-17T17:00:00Z'));

    const again = await importOpenfootball(t.deps.db, { source: LEAGUE_FILE, now: t.clock.now() });
    expect(again).toMatchObject({ competitionId: first.competitionId, created: false, timeZone: 'Europe/Madrid' });
    expect(await kickoffs(t, first.competitionId)).toEqual(before);
    await importOpenfootball(t.deps.db, { source: LEAGUE_FILE, timeZone: 'Europe/Madrid', now: t.clock.now() });
    expect(await kickoffs(t, first.competitionId)).toEqual(before);
    await syncFromProvider(t, first.competitionId);
    expect(await kickoffs(t, first.competitionId)).toEqual(before);
    expect(await storedZone(t, first.competitionId)).toBe('Europe/Madrid');
  });

  it('keeps the guessed zone, and an explicit zone over the guess, through re-imports and re-syncs', async () => {
    const t = ctx();
    const source = asLaliga();
    const guessed = await importOpenfootball(t.deps.db, { source, name: 'Guessed', now: t.clock.now() });
    expect(await storedZone(t, guessed.competitionId)).toBe('Europe/Madrid');

    // The file name says Madrid, the admin said UTC: UTC it stays.
    const explicit = await importOpenfootball(t.deps.db, { source, name: 'Explicit', timeZone: 'UTC', now: t.clock.now() });
    const before = await kickoffs(t, explicit.competitionId);
    expect(before.map((m) => m.date)).toContain(Date.parse('2030-08-17T19:00:00Z'));
    await importOpenfootball(t.deps.db, { source, name: 'Explicit', now: t.clock.now() });
    expect(await kickoffs(t, explicit.competitionId)).toEqual(before);
    await syncFromProvider(t, explicit.competitionId);
    expect(await kickoffs(t, explicit.competitionId)).toEqual(before);
    expect(await storedZone(t, explicit.competitionId)).toBe('UTC');
  });

  it('a new --timezone on a re-import is taken as a correction: kickoffs move and the new zone is kept', async () => {
    const t = ctx();
    const first = await importOpenfootball(t.deps.db, { source: LEAGUE_FILE, timeZone: 'UTC', now: t.clock.now() });
    const before = await kickoffs(t, first.competitionId);
    await importOpenfootball(t.deps.db, { source: LEAGUE_FILE, timeZone: 'Europe/Madrid', now: t.clock.now() });
    const after = await kickoffs(t, first.competitionId);
    // Madrid is UTC+2 in August, UTC+1 in December.
    expect(after.map((m, i) => before[i].date - m.date)).toEqual(before.map((m) => (new Date(m.date).getUTCMonth() === 11 ? HOUR : 2 * HOUR)));
    await syncFromProvider(t, first.competitionId);
    expect(await kickoffs(t, first.competitionId)).toEqual(after);
  });

  it('refuses an unknown zone and changes nothing', async () => {
    const t = ctx();
    const first = await importOpenfootball(t.deps.db, { source: LEAGUE_FILE, timeZone: 'Europe/Madrid', now: t.clock.now() });
    const before = await kickoffs(t, first.competitionId);
    await expect(importOpenfootball(t.deps.db, { source: LEAGUE_FILE, timeZone: 'Mars/Olympus', now: t.clock.now() })).rejects.toThrow('unknown time zone "Mars/Olympus"');
    expect(await kickoffs(t, first.competitionId)).toEqual(before);
    expect(await storedZone(t, first.competitionId)).toBe('Europe/Madrid');
  });
});
