import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROUND } from '../../../shared/domain/rounds';
import { describeEachDb } from '../../testing/harness';
import { DEFAULT_DOWNLOAD_LIMITS, importOpenfootball } from '../competitionUpdates/importService';
import { revealDueResults } from '../competitionUpdates/reveal';

const FIXTURES = join(__dirname, 'testing', 'fixtures');
const HOUR = 3_600_000;

describeEachDb('openfootball importer (own fixtures)', (ctx) => {
  const importCup = (extra: Partial<Parameters<typeof importOpenfootball>[1]> = {}) =>
    importOpenfootball(ctx().deps.db, { source: join(FIXTURES, 'minicup-2030.json'), now: ctx().clock.now(), ...extra });

  const counts = async (competitionId: number) => {
    const db = ctx().deps.db;
    const n = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
    return {
      matches: await n(db.selectFrom('matches').where('competition_id', '=', competitionId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
      teams: await n(db.selectFrom('teams').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
      people: await n(db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
      goals: await n(db.selectFrom('match_goals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
      groups: await n(db.selectFrom('groups').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
      rules: await n(db.selectFrom('league_rules').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
      competitions: await n(db.selectFrom('competitions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()),
    };
  };

  it('imports a cup: teams with flags, groups, rounds, scores split into 90 min / extra time / penalties, scorers', async () => {
    const summary = await importCup();
    const { db } = ctx().deps;
    expect(summary).toMatchObject({ type: 'cup', matches: 10, teams: 4, groups: 1, finished: 8, held: 0, created: true });
    const spain = await db.selectFrom('teams').selectAll().where('team_name', '=', 'Spain').executeTakeFirstOrThrow();
    expect(spain).toMatchObject({ flag: 'es', is_flag: 1, abbreviation: 'ESP' });
    const england = await db.selectFrom('teams').selectAll().where('team_name', '=', 'England').executeTakeFirstOrThrow();
    expect(england.flag).toBe('gb-eng');

    const matches = await db.selectFrom('matches').selectAll().where('competition_id', '=', summary.competitionId).orderBy('date').execute();
    expect(matches[0].date).toBe(Date.parse('2030-06-10T16:00:00Z'));
    expect(matches.map((m) => m.matchday)).toEqual([1, 1, 2, 2, 3, 3, 4, 5, 6, 7]);
    const semi = matches.find((m) => m.external_key === 'num:5')!;
    expect(semi).toMatchObject({
      round_id: ROUND.SEMI_FINALS, local_goals: 1, visiting_goals: 1, local_goals_extra_time: 1, visiting_goals_extra_time: 1,
      local_penalties: 4, visiting_penalties: 3, finished: 1, status: 'finished',
    });
    const final = matches.find((m) => m.external_key === 'num:8')!;
    expect(final).toMatchObject({ round_id: ROUND.FINAL, local_team_id: null, visiting_team_id: null, local_placeholder: 'W5', visiting_placeholder: 'W6', finished: 0 });
    expect(matches.find((m) => m.external_key === 'num:7')!.round_id).toBe(ROUND.THIRD_PLACE);

    const scorers = await db.selectFrom('person_stats').innerJoin('people', 'people.id', 'person_stats.person_id')
      .select(['people.name', 'person_stats.goals']).where('competition_id', '=', summary.competitionId)
      .orderBy('goals', 'desc').orderBy('people.name').execute();
    // "Lautaro Martinez" without the accent is the same person; the own goal counts for nobody.
    expect(scorers.slice(0, 3)).toEqual([{ name: 'Harry Kane', goals: 5 }, { name: 'Lautaro Martínez', goals: 4 }, { name: 'Lamine Yamal', goals: 3 }]);
    expect(scorers.find((s) => s.name === 'Gonzalo García')!.goals).toBe(0);
    // "Kane" alone is Harry Kane of the same team, not a second person.
    expect(scorers.some((s) => s.name === 'Kane')).toBe(false);

    const rules = await db.selectFrom('league_rules').select(['round_id', 'picks', 'points_per_hit'])
      .where('competition_id', '=', summary.competitionId).orderBy('round_id').execute();
    expect(rules).toEqual([
      { round_id: ROUND.SEMI_FINALS, picks: 4, points_per_hit: 4 }, { round_id: ROUND.FINAL, picks: 2, points_per_hit: 5 },
      { round_id: ROUND.CHAMPION, picks: 1, points_per_hit: 8 }, { round_id: ROUND.TOP_SCORER, picks: 2, points_per_hit: 1 },
    ]);
    const competition = await db.selectFrom('competitions').selectAll().where('id', '=', summary.competitionId).executeTakeFirstOrThrow();
    expect(competition).toMatchObject({ provider: 'openfootball', finished: 0, name: 'Mini Cup 2030', external_key: 'openfootball:minicup-2030' });
  });

  it('re-importing updates in place and never duplicates', async () => {
    const first = await importCup();
    const before = await counts(first.competitionId);
    const second = await importCup();
    expect(second.competitionId).toBe(first.competitionId);
    expect(second.created).toBe(false);
    expect(await counts(first.competitionId)).toEqual(before);
  });

  it('--shift-to moves the first kickoff to that instant and keeps the gaps', async () => {
    const shiftTo = Date.parse('2026-06-03T18:00:00Z');
    const summary = await importCup({ shiftTo });
    const dates = await ctx().deps.db.selectFrom('matches').select('date').where('competition_id', '=', summary.competitionId).orderBy('date').execute();
    expect(dates[0].date).toBe(shiftTo);
    expect(dates[1].date - dates[0].date).toBe(3 * HOUR);
    expect(summary.timeShiftMs).toBe(shiftTo - Date.parse('2030-06-10T16:00:00Z'));
  });

  it('--replay holds future results back and reveals them as the clock passes kickoff + 2 h', async () => {
    const { db } = ctx().deps;
    const clock = ctx().clock;
    // First kickoff 3 hours ago: only that match is revealed at import time.
    const summary = await importCup({ shiftTo: clock.now() - 3 * HOUR, replay: true });
    expect(summary).toMatchObject({ finished: 1, held: 7 });
    const state = () => db.selectFrom('matches').select(['external_key', 'started', 'finished', 'local_goals', 'held_result'])
      .where('competition_id', '=', summary.competitionId).orderBy('date').execute();
    let rows = await state();
    expect(rows[0]).toMatchObject({ finished: 1, local_goals: 2, held_result: null });
    expect(rows[1]).toMatchObject({ started: 1, finished: 0, local_goals: null });
    expect(rows[1].held_result).not.toBeNull();
    const goals = () => db.selectFrom('person_stats').innerJoin('people', 'people.id', 'person_stats.person_id')
      .select('goals').where('people.name', '=', 'Harry Kane').where('competition_id', '=', summary.competitionId).executeTakeFirstOrThrow();
    expect((await goals()).goals).toBe(0);

    expect(await revealDueResults(db, clock.now())).toEqual([]);
    clock.advance(2 * HOUR); // second match (3 h after the first) is now 2 h past kickoff
    const revealed = await revealDueResults(db, clock.now());
    expect(revealed).toHaveLength(1);
    rows = await state();
    expect(rows[1]).toMatchObject({ finished: 1, local_goals: 1, held_result: null });
    expect((await goals()).goals).toBe(1);
    expect(await revealDueResults(db, clock.now())).toEqual([]); // revealed once only

    clock.advance(30 * 24 * HOUR);
    expect(await revealDueResults(db, clock.now(), summary.competitionId)).toHaveLength(6);
    expect((await goals()).goals).toBe(5);
  });

  it('imports a league season: matchdays from the file, local times in the country zone, postponed matches', async () => {
    const summary = await importOpenfootball(ctx().deps.db, { source: join(FIXTURES, 'minileague-2030-31.json'), timeZone: 'Europe/Madrid', now: ctx().clock.now() });
    expect(summary).toMatchObject({ type: 'league', matches: 6, teams: 4, groups: 0, finished: 3 });
    const { db } = ctx().deps;
    const matches = await db.selectFrom('matches').selectAll().where('competition_id', '=', summary.competitionId).orderBy('id').execute();
    expect(matches.every((m) => m.round_id === ROUND.REGULAR_SEASON)).toBe(true);
    expect(matches.map((m) => m.matchday)).toEqual([1, 1, 2, 2, 3, 3]);
    expect(matches[0].date).toBe(Date.parse('2030-08-17T17:00:00Z')); // 19:00 in Madrid, summer time
    expect(matches[4].date).toBe(Date.parse('2030-12-20T15:15:00Z')); // 16:15 in Madrid, winter time
    expect(matches[3].status).toBe('postponed');
    const madrid = await db.selectFrom('teams').selectAll().where('team_name', '=', 'Real Madrid CF').executeTakeFirstOrThrow();
    expect(madrid).toMatchObject({ flag: null, is_flag: 0, colors: '["#ffffff","#febe10"]' });
    const rules = await db.selectFrom('league_rules').select(['round_id', 'picks', 'points_per_hit'])
      .where('competition_id', '=', summary.competitionId).orderBy('round_id').execute();
    expect(rules).toEqual([
      { round_id: ROUND.TOP_SCORER, picks: 2, points_per_hit: 1 }, { round_id: ROUND.EUROPEAN_PLACES, picks: 4, points_per_hit: 3 },
      { round_id: ROUND.RELEGATION, picks: 3, points_per_hit: 3 }, { round_id: ROUND.LEAGUE_CHAMPION, picks: 1, points_per_hit: 10 },
    ]);
  });

  it('--name gives a separate competition under that name; the same --name updates it', async () => {
    const plain = await importCup();
    const named = await importCup({ name: 'Oficina Cup' });
    expect(named.competitionId).not.toBe(plain.competitionId);
    expect((await importCup({ name: 'Oficina Cup' })).competitionId).toBe(named.competitionId);
    const row = await ctx().deps.db.selectFrom('competitions').select(['name', 'external_key']).where('id', '=', named.competitionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Oficina Cup', external_key: 'openfootball:Oficina Cup' });
    // Teams are shared by key across competitions, never duplicated.
    expect((await counts(named.competitionId)).teams).toBe(4);
  });

  it('imports from a URL, with the groups file beside it (a local host only when allowed)', async () => {
    const server = createServer(async (req, res) => {
      try {
        res.end(await readFile(join(FIXTURES, req.url!.replace(/^\/data\//, ''))));
      } catch {
        res.statusCode = 404;
        res.end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data/minicup-2030.json`;
      // The server's own network is out of reach unless IMPORT_ALLOWED_HOSTS names the host.
      await expect(importOpenfootball(ctx().deps.db, { source: url, now: ctx().clock.now() })).rejects.toThrow(/server's own network/);
      const download = { ...DEFAULT_DOWNLOAD_LIMITS, internalHostsAllowed: ['127.0.0.1'] };
      const summary = await importOpenfootball(ctx().deps.db, { source: url, download, now: ctx().clock.now() });
      expect(summary).toMatchObject({ matches: 10, groups: 1, teams: 4 });
      const competition = await ctx().deps.db.selectFrom('competitions').select(['provider_ref', 'external_key']).executeTakeFirstOrThrow();
      expect(competition).toEqual({ provider_ref: url, external_key: 'openfootball:minicup-2030' });
      await expect(importOpenfootball(ctx().deps.db, { source: url.replace('minicup', 'nothing'), download, now: 0 })).rejects.toThrow(/HTTP 404/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('rejects a file that is not openfootball with a clear message and stores nothing', async () => {
    await expect(importOpenfootball(ctx().deps.db, { source: join(FIXTURES, 'minicup-2030.groups.json'), now: 0 }))
      .rejects.toThrow(/not an openfootball matches file/);
    await expect(importOpenfootball(ctx().deps.db, { source: join(FIXTURES, 'missing.json'), now: 0 }))
      .rejects.toThrow(/could not read/);
    expect((await counts(0)).competitions).toBe(0);
  });
});
