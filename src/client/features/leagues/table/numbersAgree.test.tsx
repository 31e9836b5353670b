import { screen, waitFor, within } from '@testing-library/react';
import type { LeagueTableData } from '../../../lib/ui/tableSort';
import { api } from '../../../api/api';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { liveFeed } from '../../../testing/handlers/live';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

const FINAL = 'Final points: finished matches only.';
const PROVISIONAL = 'Provisional points: matches in play count as if they ended now.';
const tableCard = () => within(screen.getByRole('region', { name: 'League table' }));
const tableRows = () => within(screen.getByRole('table', { name: 'League table' })).getAllByRole('row').slice(1);
/** The stored table of the league page (no matchday asked). */
const storedTable = (store: ReturnType<typeof renderApp>['store']) =>
  api.endpoints.usersLeagueTable.select({ params: { id: 5 }, query: {} } as never)(store.getState()).data as LeagueTableData;

describe('the numbers agree', () => {
  it('says which points each card shows; while matches are in play the table can show the final points the others show', async () => {
    await signInAs(PLAYER);
    const { store, user } = renderApp({ route: '/leagues/5' });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(10), { timeout: 15_000 });
    await waitFor(() => expect(liveFeed.openStreams(5)).toBe(1), { timeout: 15_000 });
    expect(tableCard().getByTestId('points-basis')).toHaveTextContent(FINAL);
    const race = within(await screen.findByRole('region', { name: 'Who can still win' }, { timeout: 10_000 }));
    expect(await race.findByTestId('points-basis')).toHaveTextContent(FINAL);
    // The title race and the stored table give Root the same points.
    const rootStored = storedTable(store).users.find((row) => row.user_name === 'Root')!;
    expect(race.getByText('Root').closest('tr')).toHaveTextContent(`${rootStored.points}max`);

    // A match in play for matchday 2: the table turns provisional (Ana would lead) and says so, with no winners yet.
    const official = storedTable(store);
    const users = official.users.map((row) => (row.user_id === PLAYER.id ? { ...row, points: 100, position: 1 } : { ...row, position: row.position + 1 }));
    liveFeed.send(5, 'standings', { league_id: 5, provisional: true, live_match_ids: [11], table: { ...official, users } }, 7);
    await waitFor(() => expect(tableCard().getByTestId('points-basis')).toHaveTextContent(PROVISIONAL));
    expect(tableRows()[0]).toHaveTextContent('Ana');
    expect(screen.queryByText(/^Matchday winners: /)).not.toBeInTheDocument();
    // The reader switches to the final points: the stored table, as the title race and the home card count them.
    await user.click(tableCard().getByRole('button', { name: 'Final points' }));
    expect(tableCard().getByTestId('points-basis')).toHaveTextContent(FINAL);
    await waitFor(() => expect(tableRows()[0]).not.toHaveTextContent('Ana'));
    expect(within(tableRows()[0]).getAllByRole('cell').at(-2)).toHaveTextContent(String(official.users[0].points));
    await user.click(tableCard().getByRole('button', { name: 'Provisional points' }));
    await waitFor(() => expect(tableRows()[0]).toHaveTextContent('Ana'));
  });

  it("shows a past matchday's own table, best of that matchday first, with that matchday's winners", async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    await waitFor(() => expect(tableRows().length).toBeGreaterThan(10), { timeout: 15_000 });
    await user.click(await screen.findByRole('combobox', { name: 'Matchday' }));
    await user.click(await screen.findByRole('option', { name: 'Matchday 1' }));
    const table = await screen.findByRole('table', { name: 'Table of matchday 1' });
    expect(screen.queryByRole('table', { name: 'League table' })).not.toBeInTheDocument();
    expect(within(table).queryByText('Total')).not.toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    const points = rows.map((row) => Number(within(row).getAllByRole('cell')[2].textContent));
    expect(points).toEqual([...points].sort((a, b) => b - a));
    // Members tied on the best score share first place and are that matchday's winners.
    expect(within(rows[0]).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(rows[0]).getByRole('img', { name: 'Matchday winner' })).toBeInTheDocument();
    expect(screen.getByText(/^Matchday winners: /)).toBeInTheDocument();
    expect(screen.getByText(/Matchday 1's own table/)).toBeInTheDocument();
    // The latest matchday brings the totals back.
    await user.click(await screen.findByRole('combobox', { name: 'Matchday' }));
    await user.click(await screen.findByRole('option', { name: 'Matchday 2' }));
    expect(await screen.findByRole('table', { name: 'League table' })).toBeInTheDocument();
  });

  it('says in one line how the chances are computed, with bets modeled on the matches still open', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    const line = await screen.findByTestId('title-race-chance-line', {}, { timeout: 15_000 });
    expect(line).toHaveTextContent(
      "Chance: the share of 10,000 simulated finishes each member wins; the 3 matches left get scores from the fair-odds model (from the goals so far while their teams are not known), bets already closed score as placed, and on matches still open (2) every member's bet is modeled from the same model.",
    );
  });

  it("says on the home card's table that it shows final points", async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/' });
    const score = await screen.findByRole('heading', { name: 'Score' }, { timeout: 15_000 });
    expect(await within(score.closest('.MuiCard-root') as HTMLElement).findByTestId('points-basis')).toHaveTextContent(FINAL);
  });
});
