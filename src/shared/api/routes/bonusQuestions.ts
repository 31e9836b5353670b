import Type from 'typebox';
import { route } from '../route';
import { Id, Message, Nullable, Strict, Timestamp } from '../schemas';

/** Bonus questions of a league: owners ask, members answer before the deadline, owners resolve. */

const BonusKind = Type.Union([Type.Literal('team'), Type.Literal('person'), Type.Literal('number'), Type.Literal('choice')]);

/** An answer, shaped by the question's kind. */
const BonusAnswer = Type.Union([
  Strict({ team_id: Id }),
  Strict({ person_name: Type.String({ minLength: 1, maxLength: 100 }) }),
  Strict({ number: Type.Integer({ minimum: 0, maximum: 100_000 }) }),
  Strict({ choice: Type.String({ minLength: 1, maxLength: 100 }) }),
]);

const questionFields = {
  text: Type.String({ minLength: 1, maxLength: 300 }),
  kind: BonusKind,
  /** The options of a `choice` question (2 to 20, distinct); left out for the other kinds. */
  choices: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 20 })),
  points: Type.Integer({ minimum: 1, maximum: 100 }),
  /** Answers are taken until then; resolving only afterwards. */
  deadline: Timestamp,
};

export const NewBonusQuestion = Strict(questionFields);
export const BonusQuestionChanges = Type.Partial(Strict(questionFields), { additionalProperties: false });

export const BonusQuestion = Type.Object({
  id: Id,
  league_id: Id,
  text: Type.String(),
  kind: BonusKind,
  choices: Nullable(Type.Array(Type.String())),
  points: Type.Integer(),
  deadline: Timestamp,
  /** Still taking answers. */
  open: Type.Boolean(),
  resolved: Type.Boolean(),
  /** The right answers, once resolved. */
  correct: Nullable(Type.Array(BonusAnswer)),
  my_answer: Nullable(BonusAnswer),
  /** The caller's points, once resolved. */
  my_points: Nullable(Type.Integer()),
  /** Every member's answer, only after the deadline. */
  answers: Type.Array(Type.Object({
    user_id: Id, user_name: Type.String(), answer: BonusAnswer, points: Nullable(Type.Integer()),
    /** Given with a personal API token, in a league that marks bots. */
    bot: Type.Boolean(),
  })),
});

const QuestionMessage = Type.Object({ message: Type.String(), question: BonusQuestion });
const QuestionIdParams = Strict({ id: Id });

export const bonusQuestionRoutes = {
  bonusQuestionsIndex: route({
    method: 'GET', path: '/bonus_questions/index/:league_id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "A league's bonus questions with the caller's answer, others' answers after the deadline and the right ones once resolved (members)",
    params: Strict({ league_id: Id }), response: Type.Array(BonusQuestion),
  }),
  bonusQuestionCreate: route({
    method: 'POST', path: '/bonus_questions', prefixed: true, access: 'user', process: 'bonus_question_create',
    errors: [403, 404],
    summary: 'Ask a bonus question in a league (owner)',
    body: Strict({ league_id: Id, question: NewBonusQuestion }), response: QuestionMessage,
  }),
  bonusQuestionUpdate: route({
    method: 'PUT', path: '/bonus_questions/:id', prefixed: true, access: 'user', process: 'bonus_question_update',
    errors: [403, 409],
    summary: 'Change a bonus question (owner; kind and choices only while nobody answered; not once resolved)',
    params: QuestionIdParams, body: Strict({ question: BonusQuestionChanges }), response: QuestionMessage,
  }),
  bonusQuestionDelete: route({
    method: 'DELETE', path: '/bonus_questions/:id', prefixed: true, access: 'user', process: 'bonus_question_delete',
    errors: [403],
    summary: 'Delete a bonus question and its answers (owner); points it gave are taken back',
    params: QuestionIdParams, response: Message,
  }),
  bonusQuestionAnswer: route({
    method: 'POST', path: '/bonus_questions/answer', prefixed: true, access: 'user', tokens: 'bet', process: 'bonus_question_answer',
    errors: [403, 404, 409],
    summary: "Answer a bonus question, or change the answer, before its deadline (member)",
    body: Strict({ question_id: Id, answer: BonusAnswer }), response: QuestionMessage,
  }),
  bonusQuestionResolve: route({
    method: 'POST', path: '/bonus_questions/resolve', prefixed: true, access: 'user', process: 'bonus_question_resolve',
    errors: [403, 404, 409],
    summary: 'Give the right answers after the deadline (owner; several may be right; resolving again recomputes)',
    body: Strict({ question_id: Id, correct: Type.Array(BonusAnswer, { minItems: 1, maxItems: 20 }) }), response: QuestionMessage,
  }),
} as const;
