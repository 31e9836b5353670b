import { screen, waitFor, within } from '@testing-library/react';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { liveFeed } from '../../../testing/handlers/live';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';

const match = (fields: Record<string, unknown>) => ({
  id: 11, competition_id: 2, group_id: null, round_id: 1, matchday: 2, local_team_id: null, visiting_team_id: null,
  local_placeholder: 'Home', visiting_placeholder: 'Away', date: '2026-06-14T18:00:00.000Z', status: 'in_play', started: true,
  finished: false, local_goals: 0, visiting_goals: 0, local_goals_extra_time: null, visiting_goals_extra_time: null,
  local_penalties: null, visiting_penalties: null, ...fields,
});

describe("the league's live area", () => {
  it('shows the score with the phase and minute the stream sends, and moves with it', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    await waitFor(() => expect(liveFeed.openStreams(5)).toBe(1), { timeout: 15_000 });

    liveFeed.send(5, 'matches', { league_id: 5, competition_id: 2, match_ids: [11], matches: [match({ local_goals: 1, live: { phase: 'first_half', minute: 23, added: null } })] });
    const card = await screen.findByRole('region', { name: 'Live scores' });
    const row = within(card).getByTestId('live-match-11');
    expect(row).toHaveTextContent('1-0');
    expect(row).toHaveTextContent("1st half 23'");

    liveFeed.send(5, 'matches', { league_id: 5, competition_id: 2, match_ids: [11], matches: [match({ local_goals: 1, live: { phase: 'half_time', minute: null, added: null } })] });
    await waitFor(() => expect(within(card).getByTestId('live-match-11')).toHaveTextContent('Half-time'));

    liveFeed.send(5, 'matches', { league_id: 5, competition_id: 2, match_ids: [11], matches: [match({ local_goals: 2, visiting_goals: 1, live: { phase: 'second_half', minute: 67, added: null } })] });
    await waitFor(() => expect(within(card).getByTestId('live-match-11')).toHaveTextContent("2-12nd half 67'"));
  });
});
