import fc from 'fast-check';
import { bonusPoints, type BonusAnswerValue, type BonusKind } from '../../../shared/domain/bonusAnswers';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { createLeague } from '../resultBets/testing/betsTestFixture';

// Each run asks, answers and resolves a question through the API on a real database, on a shared machine.
jest.setTimeout(180_000);

const HOUR = 3_600_000;
const CHOICES = ['Spain', 'Brazil', 'Japan'];
const NAMES = ['Lionel Messi', 'Kylian Mbappé', 'Harry Kane'];

/** A person's name as a member might type it: other case, accents dropped or added, extra spaces. */
const spelling = fc.record({
  name: fc.constantFrom(...NAMES),
  upper: fc.boolean(), plainAccents: fc.boolean(), accent: fc.boolean(), pad: fc.constantFrom('', ' ', '  '), double: fc.boolean(),
}).map((s) => {
  let name = s.plainAccents ? s.name.normalize('NFD').replace(/\p{M}+/gu, '') : s.name;
  if (s.accent) name = name.replace('e', 'é');
  if (s.upper) name = name.toUpperCase();
  if (s.double) name = name.replace(' ', '   ');
  return `${s.pad}${name}${s.pad}`;
});

function answerArb(kind: BonusKind, teamIds: number[]): fc.Arbitrary<BonusAnswerValue> {
  if (kind === 'team') return fc.constantFrom(...teamIds.slice(0, 3)).map((team_id) => ({ team_id }));
  if (kind === 'number') return fc.integer({ min: 0, max: 4 }).map((number) => ({ number }));
  if (kind === 'choice') return fc.constantFrom(...CHOICES).map((choice) => ({ choice }));
  return spelling.map((person_name) => ({ person_name }));
}

/**
 * The points the server stores for bonus answers (one SQL statement comparing
 * normalised keys) equal the shared pure function bonusPoints on generated questions, answers and right answers,
 * resolving again included; and the table's points_bonus is their sum.
 */
describeEachDb('bonus points in SQL against bonusPoints (property-based)', (ctx) => {
  it('stored answer points and points_bonus equal the pure function', async () => {
    const t = ctx();
    const start = t.clock.now();
    const cup = await createCup(t.deps.db, { start: start + 30 * 24 * HOUR });
    const members = await Promise.all(['Ana', 'Bob', 'Cris'].map((name) => createUserWithToken(t.deps, { name })));
    const leagueId = await createLeague(t.deps.db, { competitionId: cup.competitionId, ownerId: members[0].id, members: members.map((m) => ({ id: m.id })) });
    const owner = members[0];
    const api = (method: 'GET' | 'POST', path: string, token: string, payload?: object) =>
      call(t.app, { method, url: `/api/v1/en${path}`, token, ...(payload && { payload }) });
    const expectedBonus = new Map<number, number>(members.map((m) => [m.id, 0]));

    const caseArb = fc.constantFrom<BonusKind>('team', 'person', 'number', 'choice').chain((kind) => fc.record({
      kind: fc.constant(kind),
      points: fc.integer({ min: 1, max: 20 }),
      answers: fc.array(fc.option(answerArb(kind, cup.teamIds), { freq: 4 }), { minLength: 3, maxLength: 3 }),
      correct: fc.array(answerArb(kind, cup.teamIds), { minLength: 1, maxLength: 3 }),
      again: fc.option(fc.array(answerArb(kind, cup.teamIds), { minLength: 1, maxLength: 2 })),
    }));
    await fc.assert(fc.asyncProperty(caseArb, async (c) => {
      t.clock.set(start);
      const asked = await api('POST', '/bonus_questions', owner.token, { league_id: leagueId, question: {
        text: 'Q?', kind: c.kind, points: c.points, deadline: new Date(start + HOUR).toISOString(), ...(c.kind === 'choice' && { choices: CHOICES }),
      } });
      expect(asked.statusCode).toBe(200);
      const questionId = asked.data.question.id as number;
      for (const [i, answer] of c.answers.entries()) {
        if (answer) expect((await api('POST', '/bonus_questions/answer', members[i].token, { question_id: questionId, answer })).statusCode).toBe(200);
      }
      t.clock.set(start + 2 * HOUR);
      let correct = c.correct;
      expect((await api('POST', '/bonus_questions/resolve', owner.token, { question_id: questionId, correct })).statusCode).toBe(200);
      if (c.again) {
        correct = c.again;
        expect((await api('POST', '/bonus_questions/resolve', owner.token, { question_id: questionId, correct })).statusCode).toBe(200);
      }
      const question = (await api('GET', `/bonus_questions/index/${leagueId}`, owner.token)).data
        .find((q: { id: number }) => q.id === questionId);
      const stored = new Map<number, number | null>(question.answers.map((a: { user_id: number; points: number | null }) => [a.user_id, a.points]));
      for (const [i, answer] of c.answers.entries()) {
        const expected = answer ? bonusPoints(answer, correct, c.points) : undefined;
        if (expected) expectedBonus.set(members[i].id, expectedBonus.get(members[i].id)! + expected);
        expect({ answer, correct, points: stored.get(members[i].id) }).toEqual({ answer, correct, points: expected });
      }
      const table = (await api('GET', `/leagues/users_league_table/${leagueId}`, owner.token)).data.users as { user_id: number; points_bonus: number }[];
      expect(new Map(table.map((row) => [row.user_id, row.points_bonus]))).toEqual(expectedBonus);
    }), { numRuns: 15 });
  });
});
