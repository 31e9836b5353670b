import { screen, within } from '@testing-library/react';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { leagueWorld } from '../../../testing/handlers/leagueWorld';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

const raceTable = async () => within(await screen.findByRole('table', { name: 'Who can still win' }, { timeout: 10_000 }));
const rowOf = async (name: string) => (await raceTable()).getByText(name, { exact: true }).closest('tr')!;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('who can still win', () => {
  it('shows each member in the race with points, the most possible and the chance, and the reader out of it', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    const leader = await rowOf('Root');
    expect(cells(leader)).toEqual(['RootCan win', '37max 43', '33.3%']);
    const reader = await rowOf('Ana');
    expect(cells(reader)).toEqual(['AnaOut of the race', '3max 9', '0%']);
    const section = within(screen.getByRole('region', { name: 'Who can still win' }));
    expect(section.getByText(/share of 10,000 simulated finishes/)).toHaveTextContent('the 3 matches left get scores from the fair-odds model');
    expect(section.getByText(/share of 10,000 simulated finishes/)).toHaveTextContent("on matches still open (2) every member's bet is modeled");
    expect(section.getByText(/^Max: points now/)).toBeInTheDocument();
  });

  it('marks the champion once nobody can catch them', async () => {
    leagueWorld.members.set(6, leagueWorld.members.get(6)!.map((m) => ({ ...m, points: m.user_id === 1 ? 20 : 5 })));
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/6' });
    expect(within(await rowOf('Ana')).getByText('Champion')).toBeInTheDocument();
    expect(within(await rowOf('Bea')).getByText('Out of the race')).toBeInTheDocument();
  });

  it('lists only the members still in the race and the reader in a large league, and counts the others', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ user_id: 500 + i, department: null, joined_at: '2026-05-02T10:00:00.000Z', points: i, matchday: 0 }));
    leagueWorld.members.set(6, [...leagueWorld.members.get(6)!.map((m) => ({ ...m, points: 0 })), ...many]);
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/6' });
    const rows = (await raceTable()).getAllByRole('row').slice(1);
    // 29 leads; 23 to 29 are within 6 points; Ana reads.
    expect(rows).toHaveLength(8);
    expect(rows[7]).toHaveTextContent('Ana');
    expect(screen.getByText('24 more members can no longer win.')).toBeInTheDocument();
  });
});
