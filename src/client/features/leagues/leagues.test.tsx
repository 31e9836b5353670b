import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN, fakeApi, PLAYER } from '../../testing/handlers/fakeApi';
import { BEA, CARLOS, leagueRow, leagueWorld, memberIds } from '../../testing/handlers/leagueWorld';
import { renderApp, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import { handlePublic, handleSignedIn } from '../../testing/handlers/leagueWorld';
import { ok } from '../../testing/handlers/route';
import { changeLocale } from '../../lib/i18n/i18n';

const main = () => within(screen.getByRole('main'));
/** The shell hides the page while a first read is pending: wait until it shows again. */
const settled = () => waitFor(() => expect(screen.getByRole('main')).toBeVisible());
const tableRows = () => within(screen.getByRole('table', { name: 'League table' })).getAllByRole('row').slice(1);

describe('league page', () => {
  it("shows the owner the table with a matchday selector, the matchday's winners, and the competition's tables", async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Office pool' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Top scorers' })).toHaveTextContent('Lamine Yamal');
    expect(await screen.findByRole('table', { name: 'Classification' })).toHaveTextContent('Spain');
    await settled();
    expect(main().getByRole('link', { name: 'Edit league' })).toHaveAttribute('href', '/leagues/edit/5');
    expect(main().getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/leagues/admin/5');
    expect(main().getByRole('link', { name: 'Overall ranking' })).toHaveAttribute('href', '/competitions/2/ranking');
    await waitFor(() => expect(tableRows()).toHaveLength(11));
    expect(tableRows()[10]).toHaveTextContent('Ana');
    expect(screen.getByText(/^Matchday winners: /)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Matches · / })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('combobox', { name: 'Matchday' }));
    await user.click(await screen.findByRole('option', { name: 'Matchday 3' }));
    await waitFor(() => expect(fakeApi.requests).toContain('GET /api/v1/en/leagues/users_league_table/5'));
    expect(await screen.findByRole('button', { name: 'Matchday 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/result_bets/new?league_id=5&user_id=1&matchday=3');
  });

  it('names knockout matchdays by their round in the matchday picker and the table, in both languages', async () => {
    server.use(handlePublic('matchInfo', () => ok({
      lastPlayedMatchday: 2, nextMatchday: 3, matchdays: [1, 2, 3],
      matchdayRounds: [{ matchday: 1, round_id: 1 }, { matchday: 2, round_id: 6 }, { matchday: 3, round_id: 7 }],
    })));
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    await settled();
    const picker = await screen.findByRole('combobox', { name: 'Matchday' });
    await waitFor(() => expect(picker).toHaveTextContent('Semi-finals'));
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'Final' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Matchday 1' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await changeLocale('es');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Jornada' })).toHaveTextContent('Semifinales'));
  });

  it('shows a member who does not own the league no edit link, and a missing league as not found', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/6' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Family league' })).toBeInTheDocument();
    expect(main().queryByRole('link', { name: 'Edit league' })).not.toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Invite' })).toHaveAttribute('href', '/leagues/admin/6');
  });

  it('still shows the league when its table cannot be read', async () => {
    leagueWorld.failing.add('usersLeagueTable');
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Office pool' })).toBeInTheDocument();
    expect(await screen.findByText('An error has occurred')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'League table' })).not.toBeInTheDocument();
  });

  it('answers not found for a league that does not exist', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'The league was not found' })).toBeInTheDocument();
  });

  it("lets a global admin open the matchday's matches for editing", async () => {
    await signInAs(ADMIN);
    renderApp({ route: '/leagues/5' });
    expect(await screen.findByRole('heading', { name: 'Matches · Matchday 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Spain - Argentina' })[0]).toHaveAttribute('href', '/admin/matches/31');
  });

  it('shows a non-member of a league they may join why its table is not there, reads nothing member-only, and joins', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/8' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Open league' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'You are not a member of this league' })).toBeInTheDocument();
    expect(screen.getByText('You have been invited to this league: join it to bet and see its table.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'League table' })).not.toBeInTheDocument();
    expect(main().queryByRole('link', { name: 'My bets' })).not.toBeInTheDocument();
    expect(fakeApi.requests.filter((request) => /users_league_table\/8|leagues_users\/8|title_race/.test(request))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Join the league' }));
    await waitFor(() => expect(memberIds(8)).toContain(PLAYER.id));
  });

  it("answers a private league's address with why and the way in, and nothing of the league", async () => {
    leagueWorld.leagues.push(leagueRow({ id: 9, name: 'Secret society', owner_id: BEA, owner_name: 'Bea' }));
    leagueWorld.members.set(9, [{ user_id: BEA, department: null, joined_at: '2026-05-03T10:00:00.000Z', points: 0, matchday: 0 }]);
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Private league' })).toBeInTheDocument();
    expect(screen.getByText(/ask its owner for an invitation or for its share link/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search leagues' })).toHaveAttribute('href', '/leagues/search');
    expect(screen.queryByText('You should not be here')).not.toBeInTheDocument();
    expect(screen.queryByText(/Secret society/)).not.toBeInTheDocument();
  });

  it('sends visitors to sign in', async () => {
    renderApp({ route: '/leagues/5' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('new and edit league', () => {
  it('asks for a name, then creates the league with the chosen settings and opens it', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/new' });
    expect(await screen.findByRole('heading', { name: 'New league' })).toBeInTheDocument();
    expect(screen.getByText('Leave it empty to play every match; otherwise only matches of these teams count.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Competition' })).toHaveTextContent('World Cup 2026'));
    await settled();
    await user.click(await screen.findByRole('button', { name: 'Create league' }));
    expect(await screen.findByText("can't be blank")).toBeInTheDocument();

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Cup friends');
    await user.click(await screen.findByRole('radio', { name: 'Sign (1, X, 2)' }));
    await user.click(await screen.findByRole('switch', { name: 'Anyone may join from the search' }));
    await user.click(await screen.findByRole('switch', { name: 'Player prizes (top scorer)' }));
    await user.click(await screen.findByRole('button', { name: 'Create league' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cup friends is ready' })).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cup friends' })).toBeInTheDocument();
    const created = leagueWorld.leagues.find((league) => league.name === 'Cup friends')!;
    expect(created).toMatchObject({ competition_id: 2, bets_system: 'sign', allow_join: true, person_bets_enabled: false, round_bets_enabled: true });
    expect(memberIds(created.id)).toEqual([PLAYER.id]);
  });

  it("loads the league's settings and saves changes", async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/edit/5' });
    expect(await screen.findByRole('heading', { name: 'Edit league' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveValue('Office pool'));
    expect(await screen.findByRole('combobox', { name: 'Competition' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(name);
    await user.type(name, 'Office pool 2026');
    await user.click(await screen.findByRole('radio', { name: 'The score after extra time' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Office pool 2026' })).toBeInTheDocument();
    expect(leagueWorld.leagues.find((league) => league.id === 5)).toMatchObject({ name: 'Office pool 2026', knockout_basis: 'extra_time' });
  });
});

describe('a league that has started', () => {
  it('lets its owner rename it and open joining, says which settings are frozen and why, and sends only what may change', async () => {
    Object.assign(leagueWorld.leagues.find((league) => league.id === 5)!, { editable: false });
    let sent: Record<string, unknown> | undefined;
    server.use(handleSignedIn('leagueUpdate', ({ body }, user) => {
      sent = body.league;
      const league = leagueWorld.leagues.find((item) => item.id === 5)!;
      Object.assign(league, body.league);
      return ok({ message: 'Changes saved', league: { ...league, owner_name: user.name } });
    }));
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    await user.click(await screen.findByRole('link', { name: 'Edit league' }));
    expect(await screen.findByText('Some settings are frozen')).toBeInTheDocument();
    await settled();
    expect(screen.getByText(/changing them would change points already earned/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sign (1, X, 2)' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Settings stay editable after the competition starts' })).toBeDisabled();
    const name = screen.getByRole('textbox', { name: 'Name' });
    // Pasted, not typed key by key: every key re-renders the whole settings form, which makes typing the slowest step.
    await user.clear(name);
    await user.paste('Office pool, second half');
    await user.click(screen.getByRole('textbox', { name: 'Description (optional)' }));
    await user.paste('Winner pays dinner');
    await user.click(screen.getByRole('switch', { name: 'Anyone may join from the search' }));
    await user.click(screen.getByRole('radio', { name: 'Not allowed' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Office pool, second half' })).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Office pool, second half', description: 'Winner pays dinner', allow_invite: true, allow_join: true, bots: 'forbidden' });
    expect(screen.getByText('Winner pays dinner')).toBeInTheDocument();
  });
});

describe('league administration', () => {
  it('removes a member only after confirmation', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/admin/5' });
    expect(await screen.findByRole('heading', { name: '14 members' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remove Bea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bea' });
    expect(dialog).toHaveTextContent('Bea will leave the league and lose every bet in it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(memberIds(5)).toContain(BEA);

    await user.click(await screen.findByRole('button', { name: 'Remove Bea' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Bea' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: '13 members' })).toBeInTheDocument();
    expect(memberIds(5)).not.toContain(BEA);
    expect(screen.queryByRole('button', { name: 'Remove Bea' })).not.toBeInTheDocument();
  });

  it("sets a member's department", async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/admin/5' });
    const field = await screen.findByRole('textbox', { name: 'Department of Carlos' });
    await user.clear(field);
    await user.type(field, 'Marketing');
    await user.click(await screen.findByRole('button', { name: 'Save the department of Carlos' }));
    await waitFor(() => expect(leagueWorld.members.get(5)!.find((member) => member.user_id === CARLOS)!.department).toBe('Marketing'));
  });

  it('sends, lists and deletes invitations, and shows the share link', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/admin/5' });
    const list = await screen.findByRole('list', { name: 'Pending invitations' });
    await waitFor(() => expect(list).toHaveTextContent('friend@example.com'));
    expect(screen.getByRole('textbox', { name: 'Link to join' })).toHaveValue('http://localhost/leagues/join/5/share-5');

    await user.type(screen.getByRole('textbox', { name: 'Email to invite' }), 'not-an-email');
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    expect(screen.getByText('is invalid')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Email to invite' }));
    await user.type(screen.getByRole('textbox', { name: 'Email to invite' }), 'new@example.com');
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(list).toHaveTextContent('new@example.com'));

    await user.click(await screen.findByRole('button', { name: 'Delete the invitation to friend@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the invitation' });
    expect(confirm).toHaveTextContent('The invitation to friend@example.com will be withdrawn');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(leagueWorld.invitations.find((item) => item.id === 1)!.status).toBe('pending');
    await user.click(await screen.findByRole('button', { name: 'Delete the invitation to friend@example.com' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete the invitation' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(list).not.toHaveTextContent('friend@example.com'));
    expect(leagueWorld.invitations.find((item) => item.id === 1)!.status).toBe('deleted');
  });

  it("shows a member who invites only their own invitations, never another person's invitee", async () => {
    leagueWorld.invitations.push(
      { id: 60, league_id: 6, email: 'beas-friend@example.com', token: 'tok-60', status: 'pending', inviter_name: 'Bea', inviter_id: BEA },
      { id: 61, league_id: 6, email: 'my-friend@example.com', token: 'tok-61', status: 'pending', inviter_name: 'Ana', inviter_id: 1 },
    );
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/admin/6' });
    const list = await screen.findByRole('list', { name: 'Your pending invitations' });
    await waitFor(() => expect(list).toHaveTextContent('my-friend@example.com'));
    expect(screen.queryByText('beas-friend@example.com')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /beas-friend/ })).not.toBeInTheDocument();
  });

  it('shows a member who may not invite no pending list and reads none', async () => {
    leagueWorld.leagues.find((league) => league.id === 6)!.allow_invite = false;
    leagueWorld.invitations.push({ id: 62, league_id: 6, email: 'beas-friend@example.com', token: 'tok-62', status: 'pending', inviter_name: 'Bea', inviter_id: BEA });
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/admin/6' });
    expect(await screen.findByRole('textbox', { name: 'Link to join' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email to invite' })).not.toBeInTheDocument();
    expect(screen.queryByText('beas-friend@example.com')).not.toBeInTheDocument();
    expect(fakeApi.requests.some((request) => request.includes('/invitations/league/6'))).toBe(false);
  });

  /** Requests for league `id` sent after the first request matching `after`. */
  const readsOfLeagueAfter = (after: string, id: number) => {
    const sent = fakeApi.requests.slice(fakeApi.requests.indexOf(after) + 1);
    return sent.filter((request) => new RegExp(`/${id}(\\?|/|$)`).test(request) && !request.includes('/matches/'));
  };
  /** Every snackbar entry shown from now on, as it last read (an entry leaves after a few seconds). */
  const recordEntries = (store: ReturnType<typeof renderApp>['store']) => {
    const shown = new Map<string, [string | null, string]>();
    store.subscribe(() => store.getState().notifications.forEach((item) => shown.set(item.id, [item.status, item.message])));
    return () => [...shown.values()];
  };

  it('deletes the league after confirmation and goes home with one message, reading nothing of the league again', async () => {
    await signInAs(PLAYER);
    const { user, store } = renderApp({ route: '/leagues/admin/5' });
    await user.click(await screen.findByRole('button', { name: 'Delete the league' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the league' });
    expect(dialog).toHaveTextContent('Office pool and every bet in it will be deleted.');
    const entries = recordEntries(store);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(leagueWorld.leagues.some((league) => league.id === 5)).toBe(false));
    expect(await screen.findByRole('list', { name: 'My leagues' })).toBeInTheDocument();
    await settled();
    expect(entries()).toEqual([['ok', 'League deleted']]);
    expect(readsOfLeagueAfter('DELETE /api/v1/en/leagues/5', 5)).toEqual([]);
    expect(store.getState().navigation.redirect).toBeNull();
  });

  it('lets a member who is not the owner leave after confirmation, with no remove or delete, and goes home with one message', async () => {
    await signInAs(PLAYER);
    const { user, store } = renderApp({ route: '/leagues/admin/6' });
    expect(await screen.findByRole('heading', { name: '2 members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete the league' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Leave the league' }));
    const entries = recordEntries(store);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(memberIds(6)).not.toContain(PLAYER.id));
    expect(await screen.findByRole('list', { name: 'My leagues' })).toBeInTheDocument();
    await settled();
    expect(entries()).toEqual([['ok', 'You have left the league']]);
    expect(readsOfLeagueAfter('DELETE /api/v1/en/leagues/cancel/6', 6)).toEqual([]);
    expect(store.getState().navigation.redirect).toBeNull();
  });
});

describe('joining, searching and messages', () => {
  it('joins a league from an invitation link', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/join/8/tok-2' });
    expect(await screen.findByText('You have been invited to Open league.')).toBeInTheDocument();
    expect(screen.getByText('Invitation from Bea')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Open league' })).toBeInTheDocument();
    expect(memberIds(8)).toContain(PLAYER.id);
  });

  it('dismisses an invitation and goes home', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/join/8/tok-2' });
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(leagueWorld.invitations.find((item) => item.id === 2)!.status).toBe('dismissed'));
    expect(await screen.findByRole('list', { name: 'My leagues' })).toBeInTheDocument();
    expect(memberIds(8)).not.toContain(PLAYER.id);
  });

  it('searches leagues by name and joins one that allows it', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/search' });
    await user.type(await screen.findByRole('textbox', { name: 'League name' }), 'nothing like it');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No leagues found')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'League name' }));
    await user.type(screen.getByRole('textbox', { name: 'League name' }), 'league');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Leagues found' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(2));
    expect(within(results).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/leagues/6');
    await user.click(within(results).getByRole('button', { name: 'Join Open league' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Open league' })).toBeInTheDocument();
  });

  it('lists messages, an invitation opening its join page, and pending invitations to dismiss', async () => {
    await signInAs(PLAYER);
    const { user, unmount } = renderApp({ route: '/messages' });
    expect(await screen.findByRole('link', { name: /Bea invited you to Open league/ })).toHaveAttribute('href', '/leagues/join/8/tok-2');
    unmount();
    server.use(handleSignedIn('messagesIndex', () => ok([{
      id: 99, kind: 'webhooks_switched_off', league_id: 8, payload: { league_name: 'Open league', webhooks: 2 }, read_at: null, created_at: '2026-05-21T10:00:00.000Z',
    }])));
    const handedOver = renderApp({ route: '/messages' });
    expect(await screen.findByRole('link', { name: /You are now the owner of Open league: its 2 webhooks were switched off/ }))
      .toHaveAttribute('href', '/leagues/8/webhooks');
    handedOver.unmount();
    renderApp({ route: '/invitations' });
    expect(await screen.findByText('Open league')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/leagues/join/8/tok-2');
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('You have no pending invitations')).toBeInTheDocument();
  });
});
