import { normaliseSearchText } from './text';

/** Bonus question answers as pure functions: which shape fits a kind, and when two answers agree. */

export type BonusKind = 'team' | 'person' | 'number' | 'choice';
export type BonusAnswerValue = { team_id: number } | { person_name: string } | { number: number } | { choice: string };

/** The kind an answer's shape belongs to. */
export function answerKind(answer: BonusAnswerValue): BonusKind {
  if ('team_id' in answer) return 'team';
  if ('person_name' in answer) return 'person';
  if ('number' in answer) return 'number';
  return 'choice';
}

/**
 * The comparable form of an answer: equal keys are the same answer. Names compare as league search does (case,
 * accents and spacing ignored), so "Lionel  Messí" matches "lionel messi"; choices must be one of the options as
 * written.
 */
export function answerKey(answer: BonusAnswerValue): string {
  if ('team_id' in answer) return `team:${answer.team_id}`;
  if ('person_name' in answer) return `person:${normaliseSearchText(answer.person_name)}`;
  if ('number' in answer) return `number:${answer.number}`;
  return `choice:${answer.choice}`;
}

/** Points of an answer once the right answers are known. */
export function bonusPoints(answer: BonusAnswerValue, correct: readonly BonusAnswerValue[], points: number): number {
  const key = answerKey(answer);
  return correct.some((c) => answerKey(c) === key) ? points : 0;
}
