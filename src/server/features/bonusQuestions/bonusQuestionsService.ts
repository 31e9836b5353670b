import type { Static } from 'typebox';
import type { BonusQuestion, BonusQuestionChanges, NewBonusQuestion } from '../../../shared/api/routes/bonusQuestions';
import { answerKey, answerKind, type BonusAnswerValue } from '../../../shared/domain/bonusAnswers';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../platform/errors/errors';
import { appendLeagueLog } from '../../domain/leagueLog/leagueLogService';
import { loadLeagueAccess, requireMemberOrAdmin, requireOwner, requireWritable } from '../../domain/leagues/leagueAccess';
import { refreshLeagueStandings } from '../../domain/rescoring/recompute';
import { checkShape, cleanText, insertNewQuestion, parseDeadline } from '../../domain/bonusQuestions/askQuestion';
import * as repo from './bonusQuestionsRepository';
import { botMarkShown, byBotFlag, refuseForbiddenBot } from '../../domain/leagues/botRules';

type QuestionDto = Static<typeof BonusQuestion>;
type QuestionInput = Static<typeof NewBonusQuestion>;

const iso = (ms: number) => new Date(ms).toISOString();
const parse = <T>(json: string | null): T | null => (json === null ? null : JSON.parse(json) as T);

/** An answer must have the question's shape; teams play in the competition, choices are among the options. */
async function checkAnswer(
  deps: AppDeps, tx: Executor, question: repo.QuestionRow, competitionId: number, answer: BonusAnswerValue, field: string,
): Promise<BonusAnswerValue> {
  if (answerKind(answer) !== question.kind) throw new AppError(400, 'errors.bonus_answer_kind', {}, { [field]: [{ key: 'validation.invalid' }] });
  if ('team_id' in answer) {
    if (!(await repo.teamPlays(tx, competitionId, answer.team_id))) throw invalidField(`${field}.team_id`, 'validation.inclusion');
  }
  if ('choice' in answer && !(parse<string[]>(question.choices) ?? []).includes(answer.choice)) {
    throw invalidField(`${field}.choice`, 'validation.inclusion');
  }
  if ('person_name' in answer) {
    const name = answer.person_name.trim().replace(/\s+/g, ' ');
    if (!name) throw invalidField(`${field}.person_name`, 'validation.blank');
    return { person_name: name };
  }
  return answer;
}

async function view(deps: AppDeps, tx: Executor, userId: number, question: repo.QuestionRow, now: number): Promise<QuestionDto> {
  return (await views(deps, tx, userId, [question], now))[0];
}

async function views(deps: AppDeps, tx: Executor, userId: number, questions: repo.QuestionRow[], now: number): Promise<QuestionDto[]> {
  const closed = questions.filter((q) => now >= q.deadline).map((q) => q.id);
  const [mine, everyone] = await Promise.all([
    repo.listAnswers(tx, questions.map((q) => q.id), userId),
    repo.listAnswers(tx, closed),
  ]);
  return questions.map((q) => {
    const own = mine.find((a) => a.question_id === q.id);
    return {
      id: q.id, league_id: q.league_id, text: q.text, kind: q.kind, choices: parse<string[]>(q.choices), points: q.points,
      deadline: iso(q.deadline), open: now < q.deadline, resolved: q.resolved_at !== null,
      correct: parse<BonusAnswerValue[]>(q.correct), my_answer: own ? JSON.parse(own.answer) as BonusAnswerValue : null,
      my_points: own?.points ?? null,
      answers: everyone.filter((a) => a.question_id === q.id)
        .map((a) => ({
          user_id: a.user_id, user_name: a.user_name, answer: JSON.parse(a.answer) as BonusAnswerValue, points: a.points,
          // Everyone's answers are listed only once the question is closed: shown, so a bot's carries its mark.
          bot: botMarkShown(a, true),
        })),
    };
  });
}

export async function index(deps: AppDeps, user: AuthUser, leagueId: number): Promise<QuestionDto[]> {
  const { db } = deps;
  requireMemberOrAdmin(await loadLeagueAccess(db, leagueId, user), user);
  return views(deps, db, user.id, await repo.listQuestions(db, leagueId), deps.clock.now());
}

export async function create(deps: AppDeps, user: AuthUser, leagueId: number, input: QuestionInput): Promise<QuestionDto> {
  const { db } = deps;
  const now = deps.clock.now();
  return db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireOwner(access);
    requireWritable(access);
    const id = await insertNewQuestion(trx, leagueId, input, now);
    return view(deps, trx, user.id, (await repo.findQuestion(trx, id))!, now);
  });
}

/** The question, locked for this transaction, and the caller's standing in its league. */
async function lockedQuestion(deps: AppDeps, trx: Executor, user: AuthUser, id: number, lock: 'update' | 'share') {
  const question = await repo.findQuestion(trx, id, lock);
  if (!question) throw notFound('errors.bonus_question_not_found');
  const access = await loadLeagueAccess(trx, question.league_id, user);
  return { question, access };
}

export async function update(deps: AppDeps, user: AuthUser, id: number, changes: Static<typeof BonusQuestionChanges>): Promise<QuestionDto> {
  const { db } = deps;
  const now = deps.clock.now();
  return db.transaction().execute(async (trx) => {
    const { question, access } = await lockedQuestion(deps, trx, user, id, 'update');
    requireOwner(access);
    requireWritable(access);
    if (question.resolved_at !== null) throw conflict('errors.bonus_question_resolved');
    const deadline = changes.deadline === undefined ? question.deadline : parseDeadline(changes.deadline);
    // Past its deadline everyone's answers are shown: reopening it would let members answer having seen them.
    if (now >= question.deadline && deadline > now) throw conflict('errors.bonus_deadline_passed');
    const kind = changes.kind ?? question.kind;
    const choices = changes.choices ?? parse<string[]>(question.choices) ?? undefined;
    const shaped = checkShape({ kind, choices: kind === 'choice' ? choices : changes.choices });
    const shapeChanged = kind !== question.kind || JSON.stringify(shaped) !== (question.choices ?? 'null');
    if (shapeChanged && await repo.countAnswers(trx, id) > 0) throw conflict('errors.bonus_question_answered');
    await repo.updateQuestion(trx, id, {
      ...(changes.text !== undefined && { text: cleanText(changes.text) }),
      ...(changes.points !== undefined && { points: changes.points }),
      deadline,
      kind, choices: shaped && JSON.stringify(shaped), updated_at: now,
    });
    return view(deps, trx, user.id, (await repo.findQuestion(trx, id))!, now);
  });
}

export async function remove(deps: AppDeps, user: AuthUser, id: number): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    const { question, access } = await lockedQuestion(deps, trx, user, id, 'update');
    requireOwner(access);
    requireWritable(access);
    await repo.deleteQuestion(trx, id);
    if (question.resolved_at === null) return;
    // Its points go with it: re-sum the league and record it, as resolving was.
    await refreshLeagueStandings(trx, question.league_id);
    await appendLeagueLog(trx, { now, key: deps.logKey }, [{
      leagueId: question.league_id, actorId: user.id, action: 'bonus.deleted',
      details: { question_id: id, text: question.text, before: parse(question.correct), after: null },
    }]);
  });
}

export async function answer(deps: AppDeps, user: AuthUser, questionId: number, value: BonusAnswerValue): Promise<QuestionDto> {
  const { db } = deps;
  const now = deps.clock.now();
  return db.transaction().execute(async (trx) => {
    const { question, access } = await lockedQuestion(deps, trx, user, questionId, 'share');
    if (!access.isMember) throw forbidden();
    await refuseForbiddenBot(trx, question.league_id, user);
    requireWritable(access);
    if (now >= question.deadline) throw conflict('errors.bonus_deadline_passed');
    const checked = await checkAnswer(deps, trx, question, access.league.competition_id, value, 'answer');
    await repo.upsertAnswer(trx, {
      questionId, leagueId: question.league_id, userId: user.id, answer: JSON.stringify(checked), key: answerKey(checked), points: null, now,
      byBot: byBotFlag(user),
    });
    return view(deps, trx, user.id, question, now);
  });
}

/**
 * Scores every answer against the right ones, re-sums the league's standings and logs the resolution. Also once the
 * competition is finished: a question about the final ("How many goals in the final?", "Who wins the Golden
 * Ball?") can only be answered then, and the competition finishes with its last match.
 */
export async function resolve(deps: AppDeps, user: AuthUser, questionId: number, correct: BonusAnswerValue[]): Promise<QuestionDto> {
  const { db } = deps;
  const now = deps.clock.now();
  return db.transaction().execute(async (trx) => {
    const { question, access } = await lockedQuestion(deps, trx, user, questionId, 'update');
    requireOwner(access);
    if (now < question.deadline) throw conflict('errors.bonus_question_open');
    const checked: BonusAnswerValue[] = [];
    for (const [i, value] of correct.entries()) checked.push(await checkAnswer(deps, trx, question, access.league.competition_id, value, `correct.${i}`));
    const unique = checked.filter((c, i) => checked.findIndex((d) => answerKey(d) === answerKey(c)) === i);
    await repo.updateQuestion(trx, questionId, { correct: JSON.stringify(unique), resolved_at: now, updated_at: now });
    const changes = await repo.scoreAnswers(trx, questionId, unique.map(answerKey), question.points);
    await refreshLeagueStandings(trx, question.league_id);
    await appendLeagueLog(trx, { now, key: deps.logKey }, [{
      leagueId: question.league_id, actorId: user.id, action: 'bonus.resolved',
      details: { question_id: questionId, text: question.text, before: parse(question.correct), after: unique, points: changes },
    }]);
    return view(deps, trx, user.id, (await repo.findQuestion(trx, questionId))!, now);
  });
}

