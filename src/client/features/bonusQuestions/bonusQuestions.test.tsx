import { screen, waitFor, within } from '@testing-library/react';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { BEA, handleSignedIn, leagueWorld } from '../../testing/handlers/leagueWorld';
import { ok } from '../../testing/handlers/route';
import { renderApp, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';

/** Bonus questions, the league log, matchday winners. */

const settled = () => waitFor(() => expect(screen.getByRole('main')).toBeVisible());
const HOUR = 3_600_000;

type Question = Record<string, any>;
function question(overrides: Question): Question {
  return {
    id: 1, league_id: 5, text: 'Who wins the cup?', kind: 'choice', choices: ['Spain', 'Brazil'], points: 5,
    deadline: new Date(Date.now() + HOUR).toISOString(), open: true, resolved: false, correct: null, my_answer: null, my_points: null,
    answers: [], ...overrides,
  };
}

function fakeQuestions(initial: Question[]) {
  const state = { questions: initial, bodies: [] as { route: string; body: any }[] };
  const message = (route: string, body: any, q: Question) => { state.bodies.push({ route, body }); return ok({ message: 'Saved', question: q }); };
  server.use(
    handleSignedIn('bonusQuestionsIndex', () => ok(state.questions)),
    handleSignedIn('bonusQuestionCreate', ({ body }) => {
      const created = question({ id: 9, ...body.question, choices: body.question.choices ?? null, deadline: body.question.deadline });
      state.questions = [...state.questions, created];
      return message('create', body, created);
    }),
    handleSignedIn('bonusQuestionAnswer', ({ body }) => {
      state.questions = state.questions.map((q) => (q.id === body.question_id ? { ...q, my_answer: body.answer } : q));
      return message('answer', body, state.questions.find((q) => q.id === body.question_id)!);
    }),
    handleSignedIn('bonusQuestionResolve', ({ body }) => {
      state.questions = state.questions.map((q) => (q.id === body.question_id ? { ...q, resolved: true, correct: body.correct } : q));
      return message('resolve', body, state.questions.find((q) => q.id === body.question_id)!);
    }),
  );
  return state;
}

describe('bonus questions screen', () => {
  it('lets the owner ask a choice question and a member answer it', async () => {
    const state = fakeQuestions([question({})]);
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5/bonus' });
    expect(await screen.findByRole('heading', { name: 'Bonus questions', level: 1 })).toBeInTheDocument();
    await settled();

    const card = await screen.findByRole('region', { name: 'Who wins the cup?' });
    // findBy: a part of the page loaded on demand may still suspend it (React hides it meanwhile).
    await user.click(await within(card).findByRole('combobox', { name: 'Your answer' }));
    await user.click(await screen.findByRole('option', { name: 'Brazil' }));
    await user.click(within(card).getByRole('button', { name: 'Save answer' }));
    await waitFor(() => expect(state.bodies).toContainEqual({ route: 'answer', body: { question_id: 1, answer: { choice: 'Brazil' } } }));

    const form = screen.getByRole('region', { name: 'Ask a question' });
    await user.type(within(form).getByRole('textbox', { name: 'Question' }), 'Goals in the final?');
    await user.click(within(form).getByRole('combobox', { name: 'Kind of answer' }));
    await user.click(await screen.findByRole('option', { name: 'A number' }));
    await user.click(within(form).getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(state.bodies.find((b) => b.route === 'create')?.body).toMatchObject({
      league_id: 5, question: { text: 'Goals in the final?', kind: 'number', points: 5 },
    }));
    expect(await screen.findByRole('region', { name: 'Goals in the final?' })).toBeInTheDocument();
  });

  it('shows everyone\'s answers after the deadline and lets the owner resolve with several right answers', async () => {
    const state = fakeQuestions([question({
      open: false, deadline: new Date(Date.now() - HOUR).toISOString(), my_answer: { choice: 'Spain' },
      answers: [{ user_id: 1, user_name: 'Ana', answer: { choice: 'Spain' }, points: null, bot: false }, { user_id: BEA, user_name: 'Bea', answer: { choice: 'Brazil' }, points: null, bot: true }],
    })]);
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5/bonus' });
    const card = await screen.findByRole('region', { name: 'Who wins the cup?' });
    await settled();
    const answers = await within(card).findByRole('list', { name: 'Answers' });
    expect(within(answers).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['AnaSpain', 'BeaBrazilPlaced with an API token (bot)']);
    // Bea's answer came through an API token.
    expect(within(within(answers).getAllByRole('listitem')[1]!).getByRole('img', { name: 'Placed with an API token (bot)' })).toBeInTheDocument();

    await user.click(await within(card).findByRole('combobox', { name: 'Right answer 1' }));
    await user.click(await screen.findByRole('option', { name: 'Spain' }));
    await user.click(within(card).getByRole('button', { name: 'Another right answer' }));
    await user.click(within(card).getByRole('combobox', { name: 'Right answer 2' }));
    await user.click(await screen.findByRole('option', { name: 'Brazil' }));
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(state.bodies).toContainEqual({ route: 'resolve', body: { question_id: 1, correct: [{ choice: 'Spain' }, { choice: 'Brazil' }] } }));
  });
});

describe('bonus questions of a finished league', () => {
  it('still lets the owner resolve (questions about the final are decided then), but not ask, answer or delete', async () => {
    leagueWorld.leagues = leagueWorld.leagues.map((league) => (league.id === 5 ? { ...league, finished: true, editable: false } : league));
    const state = fakeQuestions([question({ open: false, deadline: new Date(Date.now() - HOUR).toISOString(), my_answer: { choice: 'Spain' } })]);
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5/bonus' });
    const card = await screen.findByRole('region', { name: 'Who wins the cup?' });
    await settled();
    expect(screen.queryByRole('region', { name: 'Ask a question' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Delete question' })).toBeNull();
    await user.click(await within(card).findByRole('combobox', { name: 'Right answer 1' }));
    await user.click(await screen.findByRole('option', { name: 'Spain' }));
    await user.click(within(card).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(state.bodies).toContainEqual({ route: 'resolve', body: { question_id: 1, correct: [{ choice: 'Spain' }] } }));
  });
});

describe('league log and matchday winners', () => {
  it('lists the log newest first with translated actions, reasons and changes', async () => {
    server.use(handleSignedIn('leagueLog', () => ok({ entries: [
      { seq: 2, actor_id: 1, actor_name: 'Ana', action: 'result_bet.late_entry', created_at: '2026-06-01T12:00:00.000Z', prev_hash: 'a'.repeat(64), hash: 'b'.repeat(64), keyed: true,
        details: { result_bet_id: 3, match_id: 4, user_id: BEA, reason: 'Paper bet', before: { local_goals: null, visiting_goals: null }, after: { local_goals: 2, visiting_goals: 1 } } },
      { seq: 1, actor_id: 1, actor_name: 'Ana', action: 'league.settings', created_at: '2026-06-01T11:00:00.000Z', prev_hash: '0'.repeat(64), hash: 'a'.repeat(64), keyed: true,
        details: { before: { tie_breaks: [] }, after: { tie_breaks: ['exact_hits'] } } },
    ] })));
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5/log' });
    const list = await screen.findByRole('list', { name: 'League log' });
    await settled();
    // The list is there before its entries arrive.
    const [late, settings] = await within(list).findAllByRole('listitem');
    expect(late).toHaveTextContent('#2 Late entry of a bet');
    expect(late).toHaveTextContent('Member: Bea');
    expect(late).toHaveTextContent('Reason: Paper bet');
    expect(late).toHaveTextContent('— → 2-1');
    expect(settings).toHaveTextContent('Settings changed');
    expect(settings).toHaveTextContent('tie_breaks: [] → ["exact_hits"]');
  });

  it('shows each finished matchday\'s winners on the league screen, with links to the bonus questions and the log', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    const winners = await screen.findByRole('table', { name: 'Matchday winners' });
    // A refetch may hide the main view again for a moment: read the rows once it is shown and stays so.
    await waitFor(() => {
      expect(screen.getByRole('main')).toBeVisible();
      const rows = within(winners).getAllByRole('row').slice(1).map((row) => row.textContent);
      expect(rows[rows.length - 1]).toBe('Matchday 1Bea');
      expect(screen.getByRole('link', { name: 'Bonus questions' })).toHaveAttribute('href', '/leagues/5/bonus');
      expect(screen.getByRole('link', { name: 'League log' })).toHaveAttribute('href', '/leagues/5/log');
    });
  });
});

describe('tie-breaks in the league form', () => {
  it('adds tie-breaks in order, removes one, and saves the list', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/edit/5' });
    const name = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 10_000 });
    await waitFor(() => expect(name).toHaveValue('Office pool'));
    await settled();
    const list = screen.getByRole('list', { name: 'Tie-breaks' });
    expect(list).toHaveTextContent('None: equal points share a position');
    for (const option of ['Matchday wins', 'Exact results', 'Bonus question points']) {
      await user.click(screen.getByRole('combobox', { name: 'Add a tie-break' }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1. Matchday wins', '2. Exact results', '3. Bonus question points']);
    const exact = within(list).getByText('2. Exact results').closest('.MuiChip-root') as HTMLElement;
    await user.click(within(exact).getByTestId('CancelIcon'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(leagueWorld.leagues.find((league) => league.id === 5)!.tie_breaks).toEqual(['matchday_wins', 'bonus_points']));
  });
});
