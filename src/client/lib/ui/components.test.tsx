import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { signInAs } from '../../testing/renderWithProviders';
import { LeagueTable } from './LeagueTable';
import { Pagination, clampPage, siblingsForWidth } from './Pagination';
import { PointsBadge, badgeColour } from '../../api/widgets/PointsBadge';
import { TeamLogo } from './TeamLogo';
import { themes } from '../theme/theme';
import { contrast, deltaE, over } from './testing/colours';
import { nextSort, sortRows, visibleRows, type LeagueTableData, type UserRow } from './tableSort';

const row = (user_id: number, user_name: string, points: number, extra: Partial<UserRow> = {}): UserRow => ({
  user_id, user_avatar: null, user_name, department: null, points_by_matchday: {}, points_league: points - 2, points_rounds: 1, points_people: 1,
  points, points_matchday: user_id % 5, position: 0, matchday_wins: 0, points_bonus: 0, exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0,
  ...extra,
});

/** 14 members, the current user (id 1, "Ana") in 14th place. */
function table(): LeagueTableData {
  const users = Array.from({ length: 14 }, (_, index) => row(index + 1, index === 0 ? 'Ana' : `Player ${String(index + 1).padStart(2, '0')}`, index === 0 ? 1 : 50 - index))
    .sort((a, b) => b.points - a.points)
    .map((item, index) => ({ ...item, position: index + 1 }));
  return { users, departments: [], matchday: 3, last_played_matchday: 3, matchday_winner_ids: [4], matchday_winners: [{ matchday: 3, user_ids: [4] }], tie_breaks: [], total_users: users.length, offset: 0 };
}

const bodyRows = () => within(screen.getByRole('table', { name: 'League table' })).getAllByRole('row').slice(1);
const names = () => bodyRows().map((item) => within(item).getAllByRole('cell')[1].textContent);

describe('pagination', () => {
  it('shows 3 pages around the current one above 768 px, 1 up to 768 px and none at 480 px or less', () => {
    expect(siblingsForWidth(1280)).toBe(3);
    expect(siblingsForWidth(769)).toBe(3);
    expect(siblingsForWidth(768)).toBe(1);
    expect(siblingsForWidth(481)).toBe(1);
    expect(siblingsForWidth(480)).toBe(0);
    expect(siblingsForWidth(360)).toBe(0);
  });

  it('clamps the page between the first and last page, and has no page when either is 0', () => {
    expect(clampPage(0, 1, 4)).toBe(1);
    expect(clampPage(9, 1, 4)).toBe(4);
    expect(clampPage(3, 1, 4)).toBe(3);
    expect(clampPage(3, 0, 4)).toBe(0);
    expect(clampPage(3, 1, 0)).toBe(0);
  });

  it('renders nothing for a single page and page buttons otherwise', async () => {
    const onChange = jest.fn();
    const single = renderWithProviders(<Pagination page={1} count={1} onChange={onChange} label="Pages" />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    single.unmount();
    const { user } = renderWithProviders(<Pagination page={1} count={3} onChange={onChange} label="Pages" />);
    await user.click(await screen.findByRole('button', { name: 'Go to page 3' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});

describe('points badge', () => {
  it('colours 5 or more success, 3-4 info, 1-2 primary, 0 or less zero', () => {
    expect([7, 5, 4, 3, 2, 1, 0, -1].map(badgeColour)).toEqual(['success', 'success', 'info', 'info', 'primary', 'primary', 'zero', 'zero']);
  });

  it('looks different at each level in both themes, its number readable on every colour', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { palette } = (themes.en as unknown as { colorSchemes: Record<typeof scheme, { palette: Record<string, { main: string; contrastText: string }> }> }).colorSchemes[scheme];
      const levels = (['success', 'info', 'primary', 'zero'] as const).map((role) => ({ role, ...palette[role] }));
      for (const [i, a] of levels.entries()) {
        // The number on its badge: WCAG AA for text.
        expect([scheme, a.role, contrast(over(a.contrastText, a.main), a.main) >= 4.5]).toEqual([scheme, a.role, true]);
        // Two levels apart at a glance: a colour difference (CIE76) of 20 or more.
        for (const b of levels.slice(i + 1)) expect([scheme, a.role, b.role, deltaE(a.main, b.main) >= 20]).toEqual([scheme, a.role, b.role, true]);
      }
    }
  });

  it('paints each level with its own colour and text', () => {
    renderWithProviders(<>{[6, 3, 1, 0].map((points) => <PointsBadge key={points} points={points} />)}</>);
    const colours = [6, 3, 1, 0].map((points) => getComputedStyle(screen.getByLabelText(points === 1 ? '1 point' : `${points} points`)).backgroundColor);
    expect(new Set(colours).size).toBe(4);
  });

  it('shows nothing without points, and loads the points info on hover with a loading state first', async () => {
    await signInAs(PLAYER);
    const empty = renderWithProviders(<PointsBadge points={null} kind="result" betId={7} />);
    expect(screen.queryByLabelText(/points?$/)).not.toBeInTheDocument();
    empty.unmount();
    const { user } = renderWithProviders(<PointsBadge points={3} kind="result" betId={7} />);
    const badge = screen.getByLabelText('3 points');
    expect(badge).toHaveAttribute('data-colour', 'info');
    await user.hover(badge);
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Right winner or draw: 2/2')).toBeInTheDocument();
    expect(screen.getByText('Maximum: 5')).toBeInTheDocument();
    expect(screen.getByText("Points ×2 (the round's weight and the joker)")).toBeInTheDocument();
  });
});

describe('team logo', () => {
  const spain = { team_name: 'Spain', flag: 'es', is_flag: true, colors_array: ['#c60b1e', '#ffc400'] };

  it('shows the flag of a national team at the small size, and the colour pie with alt [X] when the image fails', async () => {
    renderWithProviders(<TeamLogo team={spain} />);
    const image = await screen.findByRole('img', { name: 'Spain' });
    expect(image.tagName).toBe('IMG');
    await waitFor(() => expect(image).toHaveAttribute('src'));
    fireEvent.error(image);
    const pie = await screen.findByRole('img', { name: '[X]' });
    expect(pie.tagName.toLowerCase()).toBe('svg');
    expect(pie.querySelectorAll('path')).toHaveLength(2);
  });

  it('draws a club (no flag) as its colour pie, and a failed logo without colours as "[X]"', () => {
    const club = renderWithProviders(<TeamLogo team={{ team_name: 'Real Betis', flag: null, is_flag: false, colors_array: ['#00954c'] }} size="large" />);
    expect(screen.getByRole('img', { name: 'Real Betis' }).querySelector('circle')).not.toBeNull();
    club.unmount();
    renderWithProviders(<TeamLogo team={{ team_name: 'Nobody', flag: null, is_flag: false, colors_array: [] }} />);
    expect(screen.getByRole('img', { name: '[X]' })).toHaveTextContent('[X]');
  });
});

describe('league table rules', () => {
  it('sorts by every column, names locale-aware, and toggles the direction on the same column', () => {
    const rows = [row(1, 'Óscar', 10), row(2, 'oliver', 12), row(3, 'Zoe', 8)];
    expect(sortRows(rows, { key: 'name', direction: 'asc' }, 'es').map((item) => item.user_name)).toEqual(['oliver', 'Óscar', 'Zoe']);
    expect(sortRows(rows, { key: 'total', direction: 'desc' }, 'en').map((item) => item.user_id)).toEqual([2, 1, 3]);
    expect(nextSort({ key: 'total', direction: 'desc' }, 'total')).toEqual({ key: 'total', direction: 'asc' });
    expect(nextSort({ key: 'total', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'extra')).toEqual({ key: 'extra', direction: 'desc' });
  });

  it('keeps the first 10 rows plus the current user further down', () => {
    const rows = table().users;
    expect(visibleRows(rows, 10, 1, false).map((item) => item.user_id)).toEqual([...rows.slice(0, 10).map((item) => item.user_id), 1]);
    expect(visibleRows(rows, 10, 2, false)).toHaveLength(10);
    expect(visibleRows(rows, 10, 1, true)).toHaveLength(14);
  });

  it('shows 10 rows plus mine, expands to all, marks the matchday winner and links rows to their bets', async () => {
    const { user } = renderWithProviders(<LeagueTable table={table()} leagueId={5} currentUserId={1} />);
    expect(bodyRows()).toHaveLength(11);
    expect(names()[10]).toBe('Ana');
    expect(screen.getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/result_bets/new?league_id=5&user_id=1&matchday=3');
    expect(within(bodyRows()[2]).getByTitle('Matchday winner')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Name', 'Matchday 3', 'Results', 'Extra points', 'Total', 'Matchdays won']);
    await user.click(screen.getByRole('button', { name: 'Show all (14)' }));
    expect(bodyRows()).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(bodyRows()).toHaveLength(11);
  });

  it('sorts when a column header is clicked and reverses on a second click', async () => {
    const { user } = renderWithProviders(<LeagueTable table={table()} leagueId={5} currentUserId={1} />);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()[0]).toBe('Ana');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()[0]).toBe('Player 14');
    await user.click(screen.getByRole('button', { name: 'Total' }));
    expect(names()[0]).toBe('Player 02');
    await user.click(screen.getByRole('button', { name: 'Total' }));
    expect(names()[0]).toBe('Ana');
  });

  it('compact mode shows 5 rows and hides results, extra points and the last column', () => {
    renderWithProviders(<LeagueTable table={table()} leagueId={5} currentUserId={1} compact />);
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Name', 'MD 3', 'Total']);
    expect(screen.queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
  });

  it('has a teams tab only when more than one member has a department; a team opens its members', async () => {
    const base = table();
    const single = { ...base, users: base.users.map((item) => (item.user_id === 2 ? { ...item, department: 'IT' } : item)) };
    const { unmount } = renderWithProviders(<LeagueTable table={single} leagueId={5} currentUserId={1} />);
    expect(screen.queryByRole('tab', { name: 'Teams' })).not.toBeInTheDocument();
    unmount();

    const users = base.users.map((item) => (item.user_id === 2 || item.user_id === 3 ? { ...item, department: 'IT' } : item));
    const departments = [{ name: 'IT', people: 2, points_league: 46.5, points_rounds: 1, points_people: 1, points: 48.5, points_matchday: 2.5, position: 1 }];
    const { user } = renderWithProviders(<LeagueTable table={{ ...base, users, departments }} leagueId={5} currentUserId={1} />);
    await user.click(screen.getByRole('tab', { name: 'Teams' }));
    await user.click(screen.getByRole('button', { name: 'IT (2 people)' }));
    const dialog = await screen.findByRole('dialog', { name: 'IT' });
    expect(within(dialog).getAllByRole('row').slice(1).map((item) => item.textContent)).toEqual(['1Player 0249', '2Player 0348']);
  });
});
