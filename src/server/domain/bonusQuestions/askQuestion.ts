import type { Static } from 'typebox';
import type { NewBonusQuestion } from '../../../shared/api/routes/bonusQuestions';
import type { Executor } from '../../platform/db/database';
import { invalidField } from '../../platform/errors/errors';

type QuestionInput = Static<typeof NewBonusQuestion>;

/**
 * Asking a bonus question, shared by the bonus questions feature (one question in a league) and league creation (a
 * new league's first questions, in the same transaction as the league). `field` names the question in a 400's field
 * errors (`question`, or `bonus_questions.2` for the third of a new league's).
 */

/** A choice question needs 2 to 20 distinct options; the other kinds none. */
export function checkShape(q: Pick<QuestionInput, 'kind' | 'choices'>, field = 'question'): string[] | null {
  if (q.kind !== 'choice') {
    if (q.choices !== undefined && q.choices.length > 0) throw invalidField(`${field}.choices`, 'validation.invalid');
    return null;
  }
  const choices = (q.choices ?? []).map((c) => c.trim());
  if (choices.length < 2 || choices.some((c) => !c)) throw invalidField(`${field}.choices`, 'validation.too_short', { count: 2 });
  if (new Set(choices).size !== choices.length) throw invalidField(`${field}.choices`, 'validation.repeated');
  return choices;
}

/** The question as members will read it: spacing tidied, never blank. */
export function cleanText(text: string, field = 'question'): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!trimmed) throw invalidField(`${field}.text`, 'validation.blank');
  return trimmed;
}

export function parseDeadline(value: string, field = 'question'): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalidField(`${field}.deadline`, 'validation.invalid');
  return ms;
}

/** Checks the question and writes it (the caller has checked who may ask, in its transaction); its id. */
export async function insertNewQuestion(trx: Executor, leagueId: number, input: QuestionInput, now: number, field = 'question'): Promise<number> {
  const choices = checkShape(input, field);
  const values = {
    league_id: leagueId, text: cleanText(input.text, field), kind: input.kind, choices: choices && JSON.stringify(choices),
    points: input.points, deadline: parseDeadline(input.deadline, field), created_at: now, updated_at: now,
  };
  const { id } = await trx.insertInto('bonus_questions').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}
