import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../../lib/i18n/i18n';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { handleSignedIn, leagueFor, leagueWorld } from '../../../testing/handlers/leagueWorld';
import { fail, ok } from '../../../testing/handlers/route';
import { server } from '../../../testing/server';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

/**
 * The server's answer for a big league of `total` members where Ana (the player signed in) is at `anaIndex`: the
 * page asked for (50 rows by default) and her own row. Returns the offsets asked for, and `holdNext`: the next
 * read waits for `release` (`asked` settles once it has been asked for).
 */
function pagedTable(total: number, anaIndex: number) {
  const rowAt = (index: number) => ({
    user_id: index === anaIndex ? PLAYER.id : 10_000 + index, user_avatar: null, user_name: index === anaIndex ? 'Ana' : `Member ${index + 1}`,
    department: null, points_by_matchday: {}, points_league: total - index, points_rounds: 0, points_people: 0, points_bonus: 0,
    points: total - index, points_matchday: 0, position: index + 1, matchday_wins: 0, exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0,
  });
  const offsets: number[] = [];
  let held: { asked: () => void; released: Promise<void> } | null = null;
  server.use(handleSignedIn('usersLeagueTable', async ({ query }) => {
    const offset = Number(query.get('offset') ?? 0);
    offsets.push(offset);
    const hold = held;
    held = null;
    if (hold) { hold.asked(); await hold.released; }
    const users = Array.from({ length: Math.max(0, Math.min(50, total - offset)) }, (_, i) => rowAt(offset + i));
    return ok({
      users, departments: [], matchday: 2, last_played_matchday: 2, matchday_winner_ids: [], matchday_winners: [], tie_breaks: [],
      total_users: total, offset, own_row: rowAt(anaIndex),
    });
  }));
  const holdNext = () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => { release = resolve; });
    const asked = new Promise<void>((resolve) => { held = { asked: resolve, released }; });
    return { asked, release };
  };
  return { offsets, holdNext };
}

const main = () => within(screen.getByRole('main'));
/**
 * The shell hides the page while a first read is pending, and the league page's cards start theirs in waves: wait
 * until no read is pending and the page shows.
 */
const settled = (store: ReturnType<typeof renderApp>['store']) => waitFor(() => {
  expect(Object.values(store.getState().api.queries).filter((entry) => entry?.status === 'pending')).toEqual([]);
  expect(screen.getByRole('main')).toBeVisible();
});
const tableRows = () => within(screen.getByRole('table', { name: /^(League table|Clasificación de la liga)$/ })).getAllByRole('row').slice(1);

describe("a big league's table, a page at a time", () => {
  it('shows 50 rows and the reader\'s own row, and pages forward and back', async () => {
    const { offsets, holdNext } = pagedTable(1234, 999);
    await signInAs(PLAYER);
    const { user, store } = renderApp({ route: '/leagues/5' });
    expect(await screen.findByText('Rows 1–50 of 1,234', {}, { timeout: 5000 })).toBeInTheDocument();
    await settled(store);
    expect(tableRows()).toHaveLength(51);
    expect(tableRows()[0]).toHaveTextContent('Member 1');
    expect(tableRows()[50]).toHaveTextContent('1000Ana');
    expect(main().queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Previous rows' })).toBeDisabled();

    // The next rows load in place: the page shown stays (its table dimmed) until they arrive.
    const next = holdNext();
    await user.click(main().getByRole('button', { name: 'Next rows' }));
    await next.asked;
    expect(screen.getByRole('main')).toBeVisible();
    expect(screen.getByText('Rows 1–50 of 1,234')).toBeVisible();
    next.release();
    expect(await screen.findByText('Rows 51–100 of 1,234', {}, { timeout: 5000 })).toBeInTheDocument();
    await settled(store);
    expect(offsets).toContain(50);
    expect(tableRows()[0]).toHaveTextContent('Member 51');
    expect(tableRows()[50]).toHaveTextContent('Ana');

    await user.click(main().getByRole('button', { name: 'Previous rows' }));
    expect(await screen.findByText('Rows 1–50 of 1,234', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the reader\'s row once when it is on the page, and speaks Spanish', async () => {
    pagedTable(180, 120);
    await i18n.changeLanguage('es');
    await signInAs(PLAYER);
    const { user, store } = renderApp({ route: '/leagues/5' });
    expect(await screen.findByText('Filas 1–50 de 180', {}, { timeout: 5000 })).toBeInTheDocument();
    await settled(store);
    expect(tableRows()).toHaveLength(51);
    for (const rows of ['51–100', '101–150']) {
      await user.click(main().getByRole('button', { name: 'Filas siguientes' }));
      await screen.findByText(`Filas ${rows} de 180`, {}, { timeout: 5000 });
      await settled(store);
    }
    expect(tableRows()).toHaveLength(50);
    expect(tableRows().filter((row) => row.textContent?.includes('Ana'))).toHaveLength(1);
    await user.click(main().getByRole('button', { name: 'Filas siguientes' }));
    await screen.findByText('Filas 151–180 de 180', {}, { timeout: 5000 });
    await settled(store);
    expect(main().getByRole('button', { name: 'Filas siguientes' })).toBeDisabled();
    expect(tableRows()).toHaveLength(31);
  });

  it("asks a big league's past matchday as that matchday's own table, with the server's positions, a page at a time", async () => {
    const total = 1234;
    // League 5 has as many members as its table: the screen knows before reading it that the table comes in pages.
    server.use(handleSignedIn('leagueShow', ({ params }, user) => {
      const league = leagueWorld.leagues.find((row) => row.id === Number(params.id));
      return league ? ok({ ...leagueFor(league, user), members_count: total }) : fail(404, 'The league was not found');
    }));
    const asked: string[] = [];
    const dayRow = (index: number, userId = 10_000 + index, name = `Member ${index + 1}`) => ({
      user_id: userId, user_avatar: null, user_name: name, department: null, points_by_matchday: { 1: 9 - Math.floor(index / 20) }, points_league: 0,
      points_rounds: 0, points_people: 0, points_bonus: 0, points: 50, points_matchday: 9 - Math.floor(index / 20),
      position: 20 * Math.floor(index / 20) + 1, matchday_wins: 0, exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0,
    });
    server.use(handleSignedIn('usersLeagueTable', ({ query }) => {
      asked.push(query.toString());
      const offset = Number(query.get('offset') ?? 0);
      const matchday = Number(query.get('matchday') ?? 2);
      const users = Array.from({ length: 50 }, (_, i) => dayRow(offset + i));
      return ok({
        users, departments: [], matchday, last_played_matchday: 2, matchday_winner_ids: [], matchday_winners: [], tie_breaks: [],
        total_users: total, offset, own_row: { ...dayRow(999, PLAYER.id, 'Ana'), position: 981 },
      });
    }));
    await signInAs(PLAYER);
    const { user, store } = renderApp({ route: '/leagues/5' });
    expect(await screen.findByText('Rows 1–50 of 1,234', {}, { timeout: 5000 })).toBeInTheDocument();
    await settled(store);
    await user.click(await screen.findByRole('combobox', { name: 'Matchday' }));
    await user.click(await screen.findByRole('option', { name: 'Matchday 1' }));
    const table = await screen.findByRole('table', { name: 'Table of matchday 1' }, { timeout: 5000 });
    expect(asked.at(-1)).toBe('matchday=1&order=matchday');
    const rows = within(table).getAllByRole('row').slice(1);
    // The page as the server ranked it (positions shared on ties), then the reader's own row.
    expect(rows).toHaveLength(51);
    expect(within(rows[19]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', 'Member 20', '9']);
    expect(within(rows[20]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['21', 'Member 21', '8']);
    expect(within(rows[50]).getAllByRole('cell')[0]).toHaveTextContent('981');
    await user.click(main().getByRole('button', { name: 'Next rows' }));
    expect(await screen.findByText('Rows 51–100 of 1,234', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(asked.at(-1)).toBe('matchday=1&offset=50&order=matchday');
  });
});
