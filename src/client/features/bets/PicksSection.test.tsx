import { screen, waitFor, within } from '@testing-library/react';
import i18n from '../../lib/i18n/i18n';
import type { RoundRulePicks } from '../../../shared/api/routes/roundBets';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { handle, ok } from '../../testing/handlers/route';
import { renderWithProviders, signInAs } from '../../testing/renderWithProviders';
import { server } from '../../testing/server';
import BetsScreen from './BetsScreen';

/** The champion rule of league 5: one pick allowed; `teamIds` are Ana's picks. */
function champion(teamIds: number[], allowEdit = true): RoundRulePicks {
  return {
    league_rule: { id: 1, competition_id: 2, round_id: 8, picks: 1, points_per_hit: 8, round_name: 'Champion' },
    user_id: 1, mode: 0, picks_made: teamIds.length, allow_edit_bets: allowEdit, allow_show_bets: !allowEdit,
    deadline: '2026-07-10T17:55:00.000Z',
    bets: teamIds.map((team_id, index) => ({
      id: 100 + index, league_id: 5, league_rule_id: 1, round_id: 8, team_id, user_id: 1, user_name: 'Ana', mode: 0,
      allow_show_bets: !allowEdit, allow_edit_bets: allowEdit, points: null, bot: false,
    })),
  };
}

describe('round picks on the bets screen', () => {
  it('toggles a team: fills it under the limit, then the other teams wait until it is cleared', async () => {
    let picks: number[] = [];
    const writes: string[] = [];
    server.use(
      handle('roundBetsIndex', () => ok([champion(picks)])),
      handle('personBetsIndex', () => ok([])),
      handle('peopleOfCompetition', () => ok([])),
      handle('fillRoundBet', ({ body }) => { writes.push(`fill ${body.team_id}`); picks = [...picks, body.team_id]; return ok(champion(picks)); }),
      handle('clearRoundBet', ({ body }) => { writes.push(`clear ${body.team_id}`); picks = picks.filter((id) => id !== body.team_id); return ok(champion(picks)); }),
    );
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<BetsScreen />, { route: '/result_bets/new?league_id=5', path: '/result_bets/new' });
    const rule = await screen.findByTestId('round-rule-1');
    expect(within(rule).getByTestId('picks-count')).toHaveTextContent('0 of 1');
    await user.click(await within(rule).findByRole('button', { name: /Spain/, pressed: false }));
    await waitFor(() => expect(within(rule).getByTestId('picks-count')).toHaveTextContent('1 of 1'));
    expect(writes).toEqual(['fill 1']);
    expect(within(rule).getByRole('button', { name: /Argentina/ })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(rule).getByRole('button', { name: /Spain/, pressed: true }));
    await waitFor(() => expect(within(rule).getByTestId('picks-count')).toHaveTextContent('0 of 1'));
    expect(writes).toEqual(['fill 1', 'clear 1']);
  });

  it.each([['en', 'Champion'], ['es', 'Campeón']])('heads the champion rule with its trophy (%s)', async (language, name) => {
    await i18n.changeLanguage(language);
    server.use(
      handle('roundBetsIndex', () => ok([{ ...champion([]), league_rule: { ...champion([]).league_rule, round_name: name } }])),
      handle('personBetsIndex', () => ok([])), handle('peopleOfCompetition', () => ok([])),
    );
    await signInAs(PLAYER);
    renderWithProviders(<BetsScreen />, { route: '/result_bets/new?league_id=5', path: '/result_bets/new' });
    const heading = await within(await screen.findByTestId('round-rule-1')).findByRole('heading', { name });
    expect(within(heading).getByTestId('round-icon')).toHaveAttribute('data-icon', 'trophy');
  });

  it("folds a locked rule, says when it closed, and shows only the teams picked", async () => {
    server.use(handle('roundBetsIndex', () => ok([champion([2], false)])), handle('personBetsIndex', () => ok([])), handle('peopleOfCompetition', () => ok([])));
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<BetsScreen />, { route: '/result_bets/new?league_id=5', path: '/result_bets/new' });
    const rule = await screen.findByTestId('round-rule-1');
    const summary = within(rule).getByRole('button', { expanded: false });
    expect(within(summary).getByTestId('pick-closed')).toHaveTextContent(/^Closed on 10 Jul, \d\d:55$/);
    await user.click(summary);
    await within(rule).findByRole('button', { name: /Argentina/ });
    expect(within(rule).queryByRole('button', { name: /Spain/ })).toBeNull();
  });
});

describe('picks closed before the league began', () => {
  /** The top-scorer rule of a league created after its deadline: closed, nothing picked. */
  const scorer = {
    league_rule: { id: 9, competition_id: 2, round_id: 9, picks: 1, points_per_hit: 5, round_name: 'Top scorer' },
    user_id: 1, mode: 0, picks_made: 0, allow_edit_bets: false, allow_show_bets: true, deadline: '2026-06-11T17:55:00.000Z', bets: [],
  };

  it('shows the pick closed, folded, in Spanish, never as an empty open choice', async () => {
    server.use(handle('roundBetsIndex', () => ok([champion([], false)])), handle('personBetsIndex', () => ok([scorer])), handle('peopleOfCompetition', () => ok([])));
    await i18n.changeLanguage('es');
    await signInAs(PLAYER);
    const { user } = renderWithProviders(<BetsScreen />, { route: '/result_bets/new?league_id=5', path: '/result_bets/new' });
    const rule = await screen.findByTestId('person-rule-9');
    const summary = within(rule).getByRole('button', { expanded: false });
    expect(within(summary).getByTestId('pick-closed')).toHaveTextContent(/^Cerrado el 11\/06, \d\d:55$/);
    expect(within(rule).queryByRole('combobox')).toBeNull();
    await user.click(summary);
    expect(await within(rule).findByText('Sin elegir')).toBeVisible();
    const round = screen.getByTestId('round-rule-1');
    expect(within(round).getByRole('button', { expanded: false })).toHaveTextContent(/Cerrado el 10\/07/);
  });

  it('keeps an open pick unfolded, with when it locks', async () => {
    server.use(handle('roundBetsIndex', () => ok([champion([])])), handle('personBetsIndex', () => ok([{ ...scorer, allow_edit_bets: true, allow_show_bets: false }])),
      handle('peopleOfCompetition', () => ok([])));
    await signInAs(PLAYER);
    renderWithProviders(<BetsScreen />, { route: '/result_bets/new?league_id=5', path: '/result_bets/new' });
    const rule = await screen.findByTestId('person-rule-9');
    expect(within(rule).getByRole('button', { expanded: true })).toHaveTextContent(/Locks on/);
    expect(within(rule).queryByTestId('pick-closed')).toBeNull();
  });

  it("marks a member's shown picks placed with an API token with a robot", async () => {
    const closed = champion([1], false);
    server.use(
      handle('roundBetsIndex', () => ok([{ ...closed, bets: closed.bets.map((bet) => ({ ...bet, bot: true })) }])),
      handle('personBetsIndex', () => ok([])),
      handle('peopleOfCompetition', () => ok([])),
    );
    await signInAs(PLAYER);
    renderWithProviders(<BetsScreen />, { route: '/result_bets/new?league_id=5', path: '/result_bets/new' });
    const rule = await screen.findByTestId('round-rule-1');
    expect(await within(rule).findByRole('img', { name: 'Placed with an API token (bot)' })).toBeInTheDocument();
  });
});
