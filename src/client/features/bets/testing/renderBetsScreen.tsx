import { screen } from '@testing-library/react';
import { PLAYER } from '../../../testing/handlers/fakeApi';
import { handle, ok } from '../../../testing/handlers/route';
import { server } from '../../../testing/server';
import { renderWithProviders, signInAs } from '../../../testing/renderWithProviders';
import BetsScreen from '../BetsScreen';

/** The league has no round or top-scorer picks: the bets page shows only its matches. */
function noPicks() {
  server.use(handle('roundBetsIndex', () => ok([])), handle('personBetsIndex', () => ok([])), handle('peopleOfCompetition', () => ok([])));
}

/** The bets page as the demo player opens it at `/result_bets/new?<query>`, once its rows are shown. */
export async function renderBets(query = 'league_id=5') {
  await signInAs(PLAYER);
  noPicks();
  const view = renderWithProviders(<BetsScreen />, { route: `/result_bets/new?${query}`, path: '/result_bets/new' });
  await screen.findAllByTestId(/^bet-row-/);
  return view;
}
