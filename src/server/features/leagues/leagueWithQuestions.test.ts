import { call, describeEachDb } from '../../testing/harness';
import { MAX_NEW_LEAGUE_QUESTIONS } from '../../../shared/api/routes/leagues';
import { api, leagueWorld } from './testing/leagueTestKit';

const DAY = 86_400_000;

describeEachDb('league creation with its first bonus questions', (ctx) => {
  const question = (fields: Record<string, unknown> = {}, now = Date.now()) => ({
    text: 'Who wins the cup?', kind: 'team', points: 10, deadline: new Date(now + DAY).toISOString(), ...fields,
  });

  it('creates the league and its questions together; members find them in the league', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const now = t.clock.now();
    const res = await call(t.app, {
      method: 'POST', url: api('/leagues'), token: w.owner.token,
      payload: {
        league: { name: 'Office', competition_id: w.cup.competitionId },
        bonus_questions: [question({}, now), question({ text: '  Top   scorer\'s  goals? ', kind: 'number', points: 5 }, now),
          question({ text: 'Final venue?', kind: 'choice', choices: [' Madrid ', 'Lisbon'] }, now)],
      },
    });
    expect(res.statusCode).toBe(200);
    const index = await call(t.app, { method: 'GET', url: api(`/bonus_questions/index/${res.data.league.id}`), token: w.owner.token });
    expect(index.data.map((q: { text: string; kind: string; points: number; choices: string[] | null }) => [q.text, q.kind, q.points, q.choices])).toEqual([
      ['Who wins the cup?', 'team', 10, null], ["Top scorer's goals?", 'number', 5, null], ['Final venue?', 'choice', 10, ['Madrid', 'Lisbon']],
    ]);
  });

  it('refuses a bad question with a translated 400 naming it, and creates neither the league nor any question', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const now = t.clock.now();
    const leaguesBefore = await t.deps.db.selectFrom('leagues').select('id').execute();
    for (const [locale, message] of [['en', 'is too short (minimum is 2 characters)'], ['es', /2/]] as const) {
      const res = await call(t.app, {
        method: 'POST', url: api('/leagues', locale), token: w.owner.token,
        payload: { league: { name: 'Office', competition_id: w.cup.competitionId }, bonus_questions: [question({}, now), question({ kind: 'choice', choices: ['Only one'] }, now)] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.data.errors['bonus_questions.1.choices'][0]).toMatch(message);
    }
    const blank = await call(t.app, {
      method: 'POST', url: api('/leagues', 'es'), token: w.owner.token,
      payload: { league: { name: 'Office', competition_id: w.cup.competitionId }, bonus_questions: [question({ text: '   ' }, now)] },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.data.errors['bonus_questions.0.text']).toEqual(['no puede estar en blanco']);
    const tooMany = await call(t.app, {
      method: 'POST', url: api('/leagues'), token: w.owner.token,
      payload: { league: { name: 'Office', competition_id: w.cup.competitionId }, bonus_questions: Array.from({ length: MAX_NEW_LEAGUE_QUESTIONS + 1 }, () => question({}, now)) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('leagues').select('id').execute()).toEqual(leaguesBefore);
    expect(await t.deps.db.selectFrom('bonus_questions').select('id').execute()).toEqual([]);
  });

  it('asks signed-in players only', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const res = await call(t.app, {
      method: 'POST', url: api('/leagues'), payload: { league: { name: 'Office', competition_id: w.cup.competitionId }, bonus_questions: [question()] },
    });
    expect(res.statusCode).toBe(401);
    expect(await t.deps.db.selectFrom('bonus_questions').select('id').execute()).toEqual([]);
  });
});
