import { answerKey, answerKind, bonusPoints } from './bonusAnswers';

describe('bonus answers', () => {
  it('names the kind of each answer shape', () => {
    expect([{ team_id: 3 }, { person_name: 'Pelé' }, { number: 0 }, { choice: 'Yes' }].map(answerKind)).toEqual(['team', 'person', 'number', 'choice']);
  });

  it('compares person names without case, accents or spacing, and everything else exactly', () => {
    expect(answerKey({ person_name: '  Kylian   MBAPPÉ ' })).toBe(answerKey({ person_name: 'kylian mbappe' }));
    expect(answerKey({ person_name: 'Kane' })).not.toBe(answerKey({ person_name: 'Harry Kane' }));
    expect(answerKey({ choice: 'Yes' })).not.toBe(answerKey({ choice: 'yes' }));
    // Same value, different kinds: never the same answer.
    expect(answerKey({ number: 3 })).not.toBe(answerKey({ team_id: 3 }));
  });

  it('gives the points when the answer is any of the right ones, else 0', () => {
    const right = [{ team_id: 1 }, { team_id: 2 }];
    expect(bonusPoints({ team_id: 2 }, right, 7)).toBe(7);
    expect(bonusPoints({ team_id: 3 }, right, 7)).toBe(0);
    expect(bonusPoints({ number: 1 }, right, 7)).toBe(0);
  });
});
