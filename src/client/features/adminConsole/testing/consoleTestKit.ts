import { screen } from '@testing-library/react';
import { adminConsoleHandlers, resetAdminWorld } from '../../../testing/handlers/adminConsole';
import { ADMIN, PLAYER } from '../../../testing/handlers/fakeApi';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';

/** Console tests: the console's fake routes on top of the shared ones, a fresh console world each test. */
export function useAdminConsoleApi(): void {
  beforeEach(() => {
    resetAdminWorld();
    server.use(...adminConsoleHandlers);
  });
}

/** The whole app at a console page, signed in as the demo admin (or a player). */
export async function openConsole(route: string, account = ADMIN) {
  await signInAs(account);
  const view = renderApp({ route });
  await screen.findByRole('navigation', { name: 'Console sections' }).catch(() => undefined);
  return view;
}

export { ADMIN, PLAYER };
