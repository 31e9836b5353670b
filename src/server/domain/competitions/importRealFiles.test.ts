import { openfootballFiles, skippedWithoutData } from '../../testing/openfootballData';
import { ROUND } from '../../../shared/domain/rounds';
import { describeEachDb } from '../../testing/harness';
import { importOpenfootball } from '../competitionUpdates/importService';

const data = openfootballFiles('openfootball importer (real files)', 'worldcup-2026.json', 'laliga-2025-26.json');
const [WORLD_CUP, LA_LIGA] = data ?? ['', ''];
const describeIfData = data ? describeEachDb
  : (name: string, body: Parameters<typeof describeEachDb>[1]) => describe.skip(skippedWithoutData(name), () => body(() => undefined as never));

describeIfData('openfootball importer (real files)', (ctx) => {
  const count = async (table: 'teams' | 'groups' | 'matches', competitionId: number) => {
    const db = ctx().deps.db;
    const from = table === 'teams' ? 'competition_teams' : table;
    const row = await db.selectFrom(from as 'matches').where('competition_id', '=', competitionId)
      .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('World Cup 2026: 104 matches, 48 teams, 12 groups, Spain beat Argentina after extra time, Mbappé top scorer', async () => {
    const { db } = ctx().deps;
    const summary = await importOpenfootball(db, { source: WORLD_CUP, now: ctx().clock.now() });
    const id = summary.competitionId;
    expect(summary.type).toBe('cup');
    expect(await count('matches', id)).toBe(104);
    expect(await count('teams', id)).toBe(48);
    expect(await count('groups', id)).toBe(12);
    const final = await db.selectFrom('matches')
      .innerJoin('teams as l', 'l.id', 'matches.local_team_id').innerJoin('teams as v', 'v.id', 'matches.visiting_team_id')
      .select(['l.team_name as local', 'v.team_name as visiting', 'local_goals', 'visiting_goals', 'local_goals_extra_time',
        'visiting_goals_extra_time', 'local_penalties', 'finished'])
      .where('competition_id', '=', id).where('round_id', '=', ROUND.FINAL).executeTakeFirstOrThrow();
    expect(final).toEqual({
      local: 'Spain', visiting: 'Argentina', local_goals: 0, visiting_goals: 0,
      local_goals_extra_time: 1, visiting_goals_extra_time: 0, local_penalties: null, finished: 1,
    });
    const top = await db.selectFrom('person_stats').innerJoin('people', 'people.id', 'person_stats.person_id')
      .select(['people.name', 'goals']).where('competition_id', '=', id).orderBy('goals', 'desc').limit(2).execute();
    expect(top[0]).toEqual({ name: 'Kylian Mbappé', goals: 10 });
    expect(top[1].goals).toBeLessThan(10);
    const spain = await db.selectFrom('teams').selectAll().where('team_name', '=', 'Spain').executeTakeFirstOrThrow();
    expect(spain).toMatchObject({ flag: 'es', is_flag: 1 });
    const competition = await db.selectFrom('competitions').select(['finished', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(competition).toEqual({ finished: 1, name: 'World Cup 2026' });
  });

  it('LaLiga 2025-26: 380 matches, 20 teams, 38 matchdays; re-import does not duplicate', async () => {
    const { db } = ctx().deps;
    const source = LA_LIGA;
    const summary = await importOpenfootball(db, { source, now: ctx().clock.now() });
    const id = summary.competitionId;
    expect(summary.type).toBe('league');
    expect(await count('matches', id)).toBe(380);
    expect(await count('teams', id)).toBe(20);
    const matchdays = await db.selectFrom('matches').select('matchday').distinct().where('competition_id', '=', id).execute();
    expect(matchdays.map((m) => m.matchday).sort((a, b) => a - b)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
    // 19:00 in Madrid on 15 August is 17:00 UTC.
    const first = await db.selectFrom('matches').select('date').where('competition_id', '=', id).orderBy('date').limit(1).executeTakeFirstOrThrow();
    expect(first.date).toBe(Date.parse('2025-08-15T17:00:00Z'));

    const again = await importOpenfootball(db, { source, now: ctx().clock.now() });
    expect(again.competitionId).toBe(id);
    expect(await count('matches', id)).toBe(380);
    const teams = await db.selectFrom('teams').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(teams.n)).toBe(20);
  });
});
