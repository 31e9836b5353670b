import type { Static } from 'typebox';
import type { NewBonusQuestion } from '../../../../shared/api/routes/bonusQuestions';
import type { BonusKind } from '../../../../shared/domain/bonusAnswers';

/** A bonus question being written in the new-league form, as its fields hold it. */
export interface QuestionDraft { key: number; text: string; kind: BonusKind; points: string; choices: string; deadline: string }

/** A local date-time for a datetime-local field, `days` from `now`. */
function localDateTime(now: number, days: number): string {
  const date = new Date(now + days * 86_400_000);
  date.setMinutes(date.getMinutes() - date.getTimezoneOffset(), 0, 0);
  return date.toISOString().slice(0, 16);
}

export const emptyDraft = (key: number, now: number): QuestionDraft => ({ key, text: '', kind: 'team', points: '5', choices: '', deadline: localDateTime(now, 1) });

const optionsOf = (draft: QuestionDraft) => draft.choices.split('\n').map((choice) => choice.trim()).filter(Boolean);

/** What is wrong with a draft, as message keys by field (none: it can be sent). The server checks the same again. */
export function questionProblems(draft: QuestionDraft): Partial<Record<keyof QuestionDraft, string>> {
  const problems: Partial<Record<keyof QuestionDraft, string>> = {};
  const points = Number(draft.points);
  if (!draft.text.trim()) problems.text = 'validation.blank';
  if (!Number.isInteger(points) || points < 1 || points > 100) problems.points = 'validation.invalid';
  if (!draft.deadline || Number.isNaN(new Date(draft.deadline).getTime())) problems.deadline = 'validation.invalid';
  if (draft.kind === 'choice') {
    const options = optionsOf(draft);
    if (options.length < 2 || new Set(options).size !== options.length) problems.choices = 'league_form.question_choices';
  }
  return problems;
}

export const draftsValid = (drafts: QuestionDraft[]) => drafts.every((draft) => Object.keys(questionProblems(draft)).length === 0);

/** The body the create route takes for a draft that has no problems. */
export function questionBody(draft: QuestionDraft): Static<typeof NewBonusQuestion> {
  return {
    text: draft.text.trim(), kind: draft.kind, points: Number(draft.points), deadline: new Date(draft.deadline).toISOString(),
    ...(draft.kind === 'choice' && { choices: optionsOf(draft) }),
  };
}
