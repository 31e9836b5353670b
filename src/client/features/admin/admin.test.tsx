import { screen, waitFor } from '@testing-library/react';
import { ADMIN, PLAYER } from '../../testing/handlers/fakeApi';
import { leagueWorld } from '../../testing/handlers/leagueWorld';
import { renderApp, signInAs } from '../../testing/renderWithProviders';

describe('admin: edit a match by hand', () => {
  it('saves scores, extra time, penalties, status and teams through PUT matches/:id, and recounts points', async () => {
    await signInAs(ADMIN);
    const { user } = renderApp({ route: '/admin/matches/32' });
    const local = await screen.findByRole('textbox', { name: 'Home goals' });
    await waitFor(() => expect(local).toHaveValue('0'));
    await user.clear(local);
    await user.type(local, '2');
    await user.type(screen.getByRole('textbox', { name: 'Home goals in extra time' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Home penalties' }), 'x');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByText('must be an integer')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Home penalties' }));

    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Finished' }));
    await user.click(await screen.findByRole('combobox', { name: 'Away team' }));
    await user.click(await screen.findByRole('option', { name: 'Not known yet' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(leagueWorld.matchEdits).toHaveLength(1));
    expect(leagueWorld.matchEdits[0]).toMatchObject({
      id: 32, local_goals: 2, visiting_goals: 0, local_goals_extra_time: 1, visiting_goals_extra_time: null,
      local_penalties: null, status: 'finished', local_team_id: 1, visiting_team_id: null, date: '2026-06-20T18:00:00.000Z',
    });
    await user.click(await screen.findByRole('button', { name: 'Recount points' }));
  });

  it('is not offered to players', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/admin/matches/32' });
    expect(await screen.findByRole('heading', { name: 'You should not be here' })).toBeInTheDocument();
  });
});
