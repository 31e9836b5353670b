import { screen, within } from '@testing-library/react';
import { PERSON_POINTS, SCORING_PRESETS } from '../../../shared/domain/scoring';
import { CUP_DEFAULT_POINTS } from '../../../shared/domain/rounds';
import { fakeApi } from '../../testing/handlers/fakeApi';
import { fail, handle } from '../../testing/handlers/route';
import { server } from '../../testing/server';
import { renderApp } from '../../testing/renderWithProviders';
import { HELP_PAGES } from './HelpScreen';

describe('help, legal and error pages', () => {
  it.each(HELP_PAGES)('shows /help/%s with its title and real text', async (page) => {
    renderApp({ route: `/help/${page}` });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).not.toMatch(/^help\./);
    const article = heading.closest('article')!;
    expect(article.textContent!.length).toBeGreaterThan(200);
  });

  it('draws the points system from the shared scoring rules', async () => {
    renderApp({ route: '/help/how_to_points_system' });
    const results = await screen.findByRole('table', { name: 'Result bets' });
    const row = within(results).getByRole('row', { name: /Right winner or draw/ });
    expect(row).toHaveTextContent(String(SCORING_PRESETS.classic.tendency));
    const systems = screen.getByRole('table', { name: 'Maximum per match' });
    expect(within(systems).getByRole('row', { name: /winner and goals/ })).toHaveTextContent('5');
    const rounds = screen.getByRole('table', { name: /Teams reaching each round/ });
    expect(within(rounds).getByRole('row', { name: /Champion/ })).toHaveTextContent(String(CUP_DEFAULT_POINTS[8]));
    expect(screen.getByText(new RegExp(`plus ${PERSON_POINTS.top_scorer_bonus} points`))).toBeInTheDocument();
  });

  it('answers any other path with the not-found page', async () => {
    renderApp({ route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lost ball' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/');
  });

  it('has the not-allowed and internal-error pages', async () => {
    renderApp({ route: '/not_allowed' });
    expect(await screen.findByRole('heading', { name: 'You should not be here' })).toBeInTheDocument();
  });

  it('moves to the not-allowed page when a read answers 403, with the server message as a toast', async () => {
    server.use(handle('competitionIndex', () => fail(403, 'You do not have permission to do that')));
    renderApp({ route: '/help/about' });
    expect(await screen.findByRole('heading', { name: 'You should not be here' })).toBeInTheDocument();
    expect(await screen.findByText('You do not have permission to do that')).toBeInTheDocument();
  });

  it('sends a message to the administrators from the contact page', async () => {
    const { user } = renderApp({ route: '/contact' });
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.getAllByText("can't be blank")).toHaveLength(3);
    await user.type(screen.getByLabelText('Name', { selector: 'input' }), 'Carla');
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'carla@example.com');
    await user.type(screen.getByLabelText('Message', { selector: 'textarea' }), 'Hello admins');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/your message has been sent/)).toBeInTheDocument();
    expect(fakeApi.contacts).toEqual([{ name: 'Carla', email: 'carla@example.com', message: 'Hello admins' }]);
  });
});
