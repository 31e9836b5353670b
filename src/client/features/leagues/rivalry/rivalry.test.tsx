import { screen, waitFor, within } from '@testing-library/react';
import type { LeagueTableData } from '../../../lib/ui/tableSort';
import { api } from '../../../api/api';
import { changeLocale } from '../../../lib/i18n/i18n';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { CARLOS, leagueWorld } from '../../../testing/handlers/leagueWorld';
import { liveFeed } from '../../../testing/handlers/live';
import { rivalryWorld } from '../../../testing/handlers/rivalry';
import { handlePublic } from '../../../testing/handlers/leagueWorld';
import { ok } from '../../../testing/handlers/route';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';

const missingCard = () => screen.findByRole('region', { name: 'Who has not bet yet' }, { timeout: 15_000 });

describe('who has not bet yet', () => {
  it('shows the owner who is missing bets, nudges them once, and then shows them as nudged', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/admin/5' });
    const card = await missingCard();
    expect(await within(card).findByText('Bea')).toBeInTheDocument();
    expect(within(card).getByText('2 matches without a bet')).toBeInTheDocument();
    expect(within(card).getByText('1 match without a bet')).toBeInTheDocument();
    expect(await within(card).findByText(/Next deadline: .*\(Matchday 2\)/)).toBeInTheDocument();
    expect(within(card).getByText('Reached by push, email, in Porra')).toBeInTheDocument();
    expect(within(card).getByText('In Porra only, the next time they open it: no push device, no reminder emails')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Nudge 2 members' }));
    expect(await screen.findByText('Nudge sent: Bea (push, email, in Porra); Carlos (in Porra only: no push device, no reminder emails)')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getAllByText('Nudged')).toHaveLength(2));
    expect(within(card).getByRole('button', { name: 'Everyone nudged for this deadline' })).toBeDisabled();
    expect(rivalryWorld.nudges).toBe(1);
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/admin/5' });
    const card = await screen.findByRole('region', { name: 'Quién no ha apostado todavía' }, { timeout: 15_000 });
    expect(await within(card).findByText('2 partidos sin apuesta')).toBeInTheDocument();
    expect(await within(card).findByText(/Próximo cierre: .*\(Jornada 2\)/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Avisar a 2 participantes' }));
    await waitFor(() => expect(within(card).getAllByText('Avisado')).toHaveLength(2));
  });

  it('names a knockout deadline by its round, in both languages', async () => {
    // The next deadline is on matchday 2, the semi-finals of this competition.
    server.use(handlePublic('matchInfo', () => ok({
      lastPlayedMatchday: 1, nextMatchday: 2, matchdays: [1, 2, 3],
      matchdayRounds: [{ matchday: 1, round_id: 1 }, { matchday: 2, round_id: 6 }, { matchday: 3, round_id: 7 }],
    })));
    await signInAs(PLAYER);
    const { unmount } = renderApp({ route: '/leagues/admin/5' });
    const card = await missingCard();
    expect(await within(card).findByText(/Next deadline: .*\(Semi-finals\)/)).toBeInTheDocument();
    expect(within(card).queryByText(/matchday 2/)).not.toBeInTheDocument();
    unmount();

    await changeLocale('es');
    renderApp({ route: '/leagues/admin/5' });
    const tarjeta = await screen.findByRole('region', { name: 'Quién no ha apostado todavía' }, { timeout: 15_000 });
    expect(await within(tarjeta).findByText(/Próximo cierre: .*\(Semifinales\)/)).toBeInTheDocument();
  });

  it('is not shown to a member who does not own the league', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/admin/6' });
    expect(await screen.findByRole('textbox', { name: 'Link to join' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who has not bet yet' })).not.toBeInTheDocument();
  });
});

describe('head to head on the league page', () => {
  const turnOn = () => { leagueWorld.leagues.find((league) => league.id === 5)!.head_to_head = true; };

  it('shows the duel table, the schedule, and the member\'s duel of the matchday moving with the live table', async () => {
    turnOn();
    await signInAs(PLAYER);
    const { store, user } = renderApp({ route: '/leagues/5' });
    const card = await screen.findByRole('region', { name: 'Head to head' }, { timeout: 15_000 });
    const table = await within(card).findByRole('table', { name: 'Head to head' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('1Ana110053');
    expect(within(table).getByRole('columnheader', { name: 'Duel points' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Schedule' }));
    expect(within(card).getByText(/Ana 5 – 2 Bea · Ana wins/)).toBeInTheDocument();
    expect(within(card).getByText('Bye: Bea')).toBeInTheDocument();

    // Matches in play: the provisional table gives Ana 9 and Carlos 4 on matchday 2.
    await waitFor(() => expect(liveFeed.openStreams(5)).toBe(1), { timeout: 15_000 });
    const official = await waitFor(() => {
      const data = api.endpoints.usersLeagueTable.select({ params: { id: 5 }, query: {} } as never)(store.getState()).data as LeagueTableData | undefined;
      expect(data).toBeDefined();
      return data!;
    });
    const users = official.users.map((row) => (row.user_id === PLAYER.id ? { ...row, points_by_matchday: { ...row.points_by_matchday, 2: 9 } }
      : row.user_id === CARLOS ? { ...row, points_by_matchday: { ...row.points_by_matchday, 2: 4 } } : row));
    liveFeed.send(5, 'standings', { league_id: 5, provisional: true, live_match_ids: [11], table: { ...official, users } }, 7);
    const duel = within(card).getByTestId('duel-now');
    await waitFor(() => expect(duel).toHaveTextContent('You 9 – 4 Carlos'));
    expect(within(duel).getByText('Live')).toBeInTheDocument();
    expect(duel).toHaveTextContent('Your duel · Matchday 2');

    // The matches end: the final table arrives on the stream and the duel is read again, decided.
    rivalryWorld.matchdayTwoOver = true;
    liveFeed.send(5, 'standings', { league_id: 5, provisional: false, live_match_ids: [], table: { ...official, users } }, 8);
    await within(duel).findByText('You won');
    expect(within(duel).queryByText('Live')).not.toBeInTheDocument();
    expect(duel).toHaveTextContent('You 9 – 4 Carlos');
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    turnOn();
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    const card = await screen.findByRole('region', { name: 'Cara a cara' }, { timeout: 15_000 });
    expect(await within(card).findByRole('columnheader', { name: 'Puntos de duelo' })).toBeInTheDocument();
    expect(within(card).getByText('Tu duelo · Jornada 2')).toBeInTheDocument();
  });

  it('is not there when the league has no head to head', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    expect(await screen.findByRole('table', { name: 'League table' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Head to head' })).not.toBeInTheDocument();
  });
});
