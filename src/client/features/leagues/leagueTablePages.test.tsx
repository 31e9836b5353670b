import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import { fakeApi, PLAYER } from '../../testing/handlers/fakeApi';
import { handleSignedIn } from '../../testing/handlers/leagueWorld';
import { ok } from '../../testing/handlers/route';
import { server } from '../../testing/server';

import { renderApp, signInAs } from '../../testing/renderWithProviders';

const TOTAL = 1234;
/** Ana (the player signed in) is 1,000th of a 1,234-member league. */
const ANA_INDEX = 999;

const rowAt = (index: number) => {
  const userId = index === ANA_INDEX ? PLAYER.id : 10_000 + index;
  return {
    user_id: userId, user_avatar: null, user_name: index === ANA_INDEX ? 'Ana' : `Member ${index + 1}`, department: null,
    points_by_matchday: {}, points_league: TOTAL - index, points_rounds: 0, points_people: 0, points_bonus: 0, points: TOTAL - index,
    points_matchday: 0, position: index + 1, matchday_wins: 0, exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0,
  };
};

/** The server's answer for a big league: the page asked for (50 rows by default) and the reader's own row. */
function pagedTable() {
  server.use(handleSignedIn('usersLeagueTable', ({ query }) => {
    const offset = Number(query.get('offset') ?? 0);
    const users = Array.from({ length: Math.max(0, Math.min(50, TOTAL - offset)) }, (_, i) => rowAt(offset + i));
    return ok({
      users, departments: [], matchday: 2, last_played_matchday: 2, matchday_winner_ids: [], matchday_winners: [], tie_breaks: [],
      total_users: TOTAL, offset, own_row: rowAt(ANA_INDEX),
    });
  }));
}

const main = () => within(screen.getByRole('main'));
const tableRows = () => within(screen.getByRole('table', { name: /League table|Clasificación/ })).getAllByRole('row').slice(1);

describe("a big league's table, a page at a time", () => {
  it('shows 50 rows and the reader\'s own row, and pages forward and back', async () => {
    pagedTable();
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    expect(await main().findByText('Rows 1–50 of 1,234')).toBeInTheDocument();
    expect(tableRows()).toHaveLength(51);
    expect(tableRows()[0]).toHaveTextContent('Member 1');
    expect(tableRows()[50]).toHaveTextContent('1000Ana');
    expect(main().queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Previous rows' })).toBeDisabled();

    await user.click(main().getByRole('button', { name: 'Next rows' }));
    expect(await main().findByText('Rows 51–100 of 1,234')).toBeInTheDocument();
    expect(fakeApi.requests).toContain('GET /api/v1/en/leagues/users_league_table/5?offset=50');
    expect(tableRows()[0]).toHaveTextContent('Member 51');
    expect(tableRows()[50]).toHaveTextContent('Ana');

    await user.click(main().getByRole('button', { name: 'Previous rows' }));
    expect(await main().findByText('Rows 1–50 of 1,234')).toBeInTheDocument();
  });

  it('shows the reader\'s row once when it is on the page, and speaks Spanish', async () => {
    pagedTable();
    await i18n.changeLanguage('es');
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    expect(await main().findByText('Filas 1–50 de 1234')).toBeInTheDocument();
    for (let page = 0; page < 19; page += 1) {
      await user.click(main().getByRole('button', { name: 'Filas siguientes' }));
      await main().findByText(`Filas ${(page + 1) * 50 + 1}–${(page + 2) * 50} de 1234`);
    }
    await waitFor(() => expect(tableRows()).toHaveLength(50));
    expect(tableRows().filter((row) => row.textContent?.includes('Ana'))).toHaveLength(1);
    await user.click(main().getByRole('button', { name: 'Filas siguientes' }));
    await user.click(main().getByRole('button', { name: 'Filas siguientes' }));
    await user.click(main().getByRole('button', { name: 'Filas siguientes' }));
    await user.click(main().getByRole('button', { name: 'Filas siguientes' }));
    expect(await main().findByText('Filas 1201–1234 de 1234')).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Filas siguientes' })).toBeDisabled();
  });
});
