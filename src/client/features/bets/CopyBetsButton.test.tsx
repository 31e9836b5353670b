import { screen, waitFor, within } from '@testing-library/react';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { leagueRow } from '../../testing/handlers/leagueWorld';
import { handle, ok } from '../../testing/handlers/route';
import { renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import BetsScreen from './BetsScreen';

describe('copy bets from another league', () => {
  it('asks for confirmation, then copies from the chosen league of the same competition', async () => {
    const copies: unknown[] = [];
    server.use(
      handle('roundBetsIndex', () => ok([])), handle('personBetsIndex', () => ok([])), handle('peopleOfCompetition', () => ok([])),
      handle('leagueIndex', () => ok([leagueRow({ id: 5, name: 'Office pool' }), leagueRow({ id: 9, name: 'Second pool' }), leagueRow({ id: 7, name: 'Qatar memories', competition_id: 1 })])),
      handle('copyBets', ({ body }) => { copies.push(body); return ok({ message: 'Changes saved', copied: 2 }); }),
    );
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<BetsScreen />, { route: '/result_bets/new?league_id=5', path: '/result_bets/new' });
    await user.click(await screen.findByRole('button', { name: 'Copy bets from another league' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/will be overwritten/)).toBeInTheDocument();
    const source = within(dialog).getByRole('combobox', { name: 'League to copy from' });
    expect([...(source as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Second pool']);
    expect(copies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(copies).toEqual([{ league_id: 5, league_id_to_copy: 9 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
