import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../lib/i18n/i18n';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { leagueWorld } from '../../../testing/handlers/leagueWorld';
import { handleSignedIn } from '../../../testing/handlers/leagueWorld';
import { fail } from '../../../testing/handlers/route';
import { server } from '../../../testing/server';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

const settled = () => waitFor(() => expect(screen.getByRole('main')).toBeVisible());

async function openForm() {
  await signInAs(PLAYER);
  const view = renderApp({ route: '/leagues/new' });
  await waitFor(() => expect(screen.getByRole('combobox', { name: /Competition|Competición/ })).not.toHaveTextContent(/^\s*$/));
  await settled();
  return view;
}

describe('bets placed with API tokens', () => {
  it('marks them by default, and the owner may forbid them when creating the league', async () => {
    const { user } = await openForm();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'No robots');
    const bots = await screen.findByRole('radiogroup', { name: 'Bets placed with API tokens' });
    expect(within(bots).getByRole('radio', { name: 'Allowed, shown with a robot mark' })).toBeChecked();
    await user.click(within(bots).getByRole('radio', { name: 'Not allowed' }));
    await user.click(await screen.findByRole('button', { name: 'Create league' }));
    await screen.findByRole('dialog', { name: 'No robots is ready' });
    expect(leagueWorld.leagues.find((league) => league.name === 'No robots')?.bots).toBe('forbidden');
  }, 60_000);
});

describe('creating a league with bonus questions, then sharing it', () => {
  it('creates the league with its questions in one request, then offers the share link and an invitation at once', async () => {
    const { user } = await openForm();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Cup friends');
    await user.click(await screen.findByRole('button', { name: 'Add a bonus question' }));
    const first = await screen.findByTestId('new-question-1');
    await user.type(within(first).getByRole('textbox', { name: 'Question' }), 'Champion?');
    await user.click(await screen.findByRole('button', { name: 'Add a bonus question' }));
    const second = await screen.findByTestId('new-question-2');
    await user.type(within(second).getByRole('textbox', { name: 'Question' }), 'Venue?');
    await user.click(within(second).getByRole('combobox', { name: 'Kind of answer' }));
    await user.click(await screen.findByRole('option', { name: 'One of some options' }));
    await user.type(within(second).getByRole('textbox', { name: 'Options' }), 'Madrid');
    await user.click(await screen.findByRole('button', { name: 'Create league' }));
    // One option is not a choice: named on the question, and nothing is created.
    expect(await within(second).findByText('At least two different options, one per line')).toBeInTheDocument();
    expect(leagueWorld.leagues.some((league) => league.name === 'Cup friends')).toBe(false);
    await user.type(within(second).getByRole('textbox', { name: 'Options' }), '{Enter}Lisbon');
    await user.click(await screen.findByRole('button', { name: 'Create league' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cup friends is ready' });
    const created = leagueWorld.leagues.find((league) => league.name === 'Cup friends')!;
    expect(leagueWorld.questions.filter((question) => question.league_id === created.id).map((question) => [question.text, question.kind, question.choices]))
      .toEqual([['Champion?', 'team', null], ['Venue?', 'choice', ['Madrid', 'Lisbon']]]);
    expect(within(dialog).getByRole('textbox', { name: 'Link to join' })).toHaveValue(`${window.location.origin}/leagues/join/${created.id}/${created.share_token}`);
    expect(within(dialog).getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email to invite' }), 'c@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(leagueWorld.invitations.some((item) => item.league_id === created.id && item.email === 'c@example.com')).toBe(true));
    expect(within(dialog).getByRole('textbox', { name: 'Email to invite' })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Cup friends' })).toBeInTheDocument();
  }, 90_000);

  it("shows the server's refusal of a question on that question", async () => {
    server.use(handleSignedIn('leagueCreate', () => fail(400, 'Invalid request', { 'bonus_questions.0.deadline': ['is invalid'] })));
    const { user } = await openForm();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Cup friends');
    await user.click(await screen.findByRole('button', { name: 'Add a bonus question' }));
    await user.type(within(screen.getByTestId('new-question-1')).getByRole('textbox', { name: 'Question' }), 'Champion?');
    await user.click(await screen.findByRole('button', { name: 'Create league' }));
    expect(await within(screen.getByTestId('new-question-1')).findByText('is invalid')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Spanish, and a league edited is not announced as new', async () => {
    await i18n.changeLanguage('es');
    const { user } = await openForm();
    await user.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Peña');
    await user.click(screen.getByRole('button', { name: 'Añadir una pregunta extra' }));
    expect(within(screen.getByTestId('new-question-1')).getByRole('button', { name: 'Quitar la pregunta 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar la pregunta 1' }));
    await user.click(screen.getByRole('button', { name: 'Crear liga' }));
    const dialog = await screen.findByRole('dialog', { name: 'Peña ya está lista' });
    expect(within(dialog).getByRole('textbox', { name: 'Email a invitar' })).toBeInTheDocument();
  });
});
