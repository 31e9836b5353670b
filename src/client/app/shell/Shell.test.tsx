import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN, PLAYER, fakeApi } from '../../testing/handlers/fakeApi';
import { processGate } from '../../testing/handlers/updates';
import { renderApp, signInAs } from '../../testing/renderWithProviders';
import { groupNotifications } from './ProcessSnackbar';
import { server } from '../../testing/server';
import { fail, handle, ok } from '../../testing/handlers/route';
import { handlePublic } from '../../testing/handlers/leagueWorld';
import { nextMatchesRows } from '../../testing/handlers/matches';

const openPanel = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Open the user panel' }));
  return screen.findByRole('navigation', { name: 'User panel' });
};

describe('the shell', () => {
  it('offers a visitor the welcome card, sign in and sign up, and no admin items', async () => {
    const { user } = renderApp({ route: '/help/about' });
    expect(await screen.findByRole('heading', { name: 'About Porra' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Porra, home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help/about');
    const panel = await openPanel(user);
    expect(within(panel).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/users/sign_in');
    expect(within(panel).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/users/sign_up');
    expect(within(panel).queryByText('Sign out')).not.toBeInTheDocument();
    expect(within(panel).queryByText('Update all')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    // Visitors have no alerts to read.
    expect(fakeApi.requests.some((request) => request.includes('/alerts/index'))).toBe(false);
  });

  it('shows a player the alerts count, one item per alert linking to the bets, profile and sign out', async () => {
    fakeApi.alerts.set(PLAYER.id, [
      { alert_type: 1, message: '3 matches without a bet', league_id: 5, league_name: 'Office', matchday: 2 },
      { alert_type: 3, message: 'Pick your top scorers', league_id: 6, league_name: 'Family', matchday: null },
    ]);
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/help/about' });
    await waitFor(() => expect(screen.getByTestId('alerts-badge')).toHaveTextContent('2'));
    const panel = await openPanel(user);
    const alert = within(panel).getByRole('link', { name: /3 matches without a bet/ });
    expect(alert).toHaveAttribute('href', '/result_bets/new?league_id=5&matchday=2');
    expect(within(alert).getByText('Office')).toBeInTheDocument();
    expect(within(alert).getByTestId('alert-icon-1')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Pick your top scorers/ })).toHaveAttribute('href', '/result_bets/new?league_id=6');
    expect(within(panel).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/users/edit');
    expect(within(panel).queryByText('Update all')).not.toBeInTheDocument();
  });

  it('signs a player out and goes home as a visitor', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/help/about' });
    const panel = await openPanel(user);
    expect(await within(panel).findByText('Ana')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(fakeApi.tokens.size).toBe(0));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'About Porra' })).not.toBeInTheDocument());
    const again = await openPanel(user);
    expect(await within(again).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('gives a global admin the update processes and one item per unfinished competition, each showing how it ended', async () => {
    await signInAs(ADMIN);
    const { user } = renderApp({ route: '/help/about' });
    const panel = await openPanel(user);
    expect(await within(panel).findByRole('button', { name: '2 - World Cup 2026' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '3 - LaLiga 2025-26' })).toBeInTheDocument();
    expect(within(panel).queryByText('1 - World Cup 2022')).not.toBeInTheDocument();
    let release = () => undefined as void;
    processGate.held = new Promise<void>((resolve) => { release = resolve; });
    await user.click(within(panel).getByRole('button', { name: 'Update all' }));
    const entry = (await screen.findByText('Update of every competition')).closest('[data-testid="notification"]') as HTMLElement;
    expect(entry).toHaveAttribute('data-status', 'pending');
    expect(within(entry).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    // A second Update all while the first runs is refused without being sent, with its own error entry.
    await user.click(within(panel).getByRole('button', { name: 'Update all' }));
    const refusal = (await screen.findByText('The process is already running. Try again in a few minutes')).closest('[data-testid="notification"]') as HTMLElement;
    expect(within(refusal).getByTitle('error')).toBeInTheDocument();
    processGate.held = null;
    release();
    // Its work ended: the entry shows its success icon and the server's words.
    const done = (await screen.findByText('Process update_all finished')).closest('[data-testid="notification"]') as HTMLElement;
    expect(done).toHaveAttribute('data-status', 'ok');
    expect(within(done).getByTitle('ok')).toBeInTheDocument();
    expect(within(done).queryByRole('progressbar', { hidden: true })).toBeNull();
    expect(fakeApi.requests.filter((request) => request === 'POST /api/v1/en/update/update_all')).toHaveLength(1);
    for (const [button, process] of [['Update', 'update'], ['2 - World Cup 2026', 'update_competition'], ['Notify', 'notify']]) {
      await user.click(within(panel).getByRole('button', { name: button }));
      expect(await screen.findByText(`Process ${process} finished`)).toBeInTheDocument();
    }
  });

  it('shows a refused write as an error entry saying why', async () => {
    server.use(handle('updateAll', () => fail(502, 'The results provider could not be reached')));
    await signInAs(ADMIN);
    const { user } = renderApp({ route: '/help/about' });
    const panel = await openPanel(user);
    await user.click(await within(panel).findByRole('button', { name: 'Update all' }));
    const failed = (await screen.findByText('The results provider could not be reached')).closest('[data-testid="notification"]') as HTMLElement;
    expect(failed).toHaveAttribute('data-status', 'error');
    expect(within(failed).getByTitle('error')).toBeInTheDocument();
    expect(screen.queryByText('Update of every competition')).toBeNull();
  });
});

describe('the loading overlay', () => {
  it('does not wait for cards that load in place: a slow title race and a slow board leave the league page shown', async () => {
    const waiting: Record<string, () => void> = {};
    server.use(handle('titleRace', () => new Promise((resolve) => { waiting.titleRace = () => resolve(ok({ members: [], chance_current: true, simulations: 10_000, matches_left: 0, model: { home_goals: 1.5, away_goals: 1.15, finished_matches: 0, rated_matches: 0, open_matches: 0 } })); })));
    server.use(handle('leaguePosts', () => new Promise((resolve) => { waiting.board = () => resolve(ok({ open: true, pinned: null, posts: [], next_before: null })); })));
    // The board's names of matches: the competition's whole match list, held too.
    server.use(handlePublic('matchesIndex', ({ query }) => (query.has('matchday')
      ? ok(nextMatchesRows().map((row) => ({ ...row, matchday: Number(query.get('matchday')) })))
      : new Promise((resolve) => { waiting.matches = () => resolve(ok([])); }))));
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    await screen.findByRole('heading', { level: 1 });
    // Every in-place read has been asked (the board's card arrives with its own code) and none has answered yet.
    await waitFor(() => expect(Object.keys(waiting).sort()).toEqual(['board', 'matches', 'titleRace']));
    await waitFor(() => expect(screen.getByRole('main')).toBeVisible());
    expect(screen.queryByTestId('loading-overlay')).not.toBeVisible();
    for (const release of Object.values(waiting)) release();
  });
});

describe('process snackbar grouping', () => {
  it('folds entries with the same message and status into one row with a count', () => {
    const item = (id: string, message: string, status: 'ok' | 'error' | null) => ({ id, message, status });
    const groups = groupNotifications([
      item('1', 'Saving the bet', 'ok'), item('2', 'Saving the bet', 'ok'), item('3', 'Saving the bet', null), item('4', 'Saving the bet', 'ok'),
    ]);
    expect(groups.map((g) => [g.item.message, g.item.status, g.count])).toEqual([['Saving the bet', 'ok', 3], ['Saving the bet', null, 1]]);
  });
});
