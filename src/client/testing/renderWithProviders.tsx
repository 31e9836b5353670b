import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { App } from '../app/App';
import type { RootState } from '../api/store/rootReducer';
import { setupStore, type AppStore } from '../app/store';
import { theme } from '../lib/theme/theme';
import { saveToken } from '../lib/session/authDb';
import { issueToken, type FakeUser } from './handlers/fakeApi';

interface Options { route?: string; preloadedState?: Partial<RootState>; store?: AppStore }

/**
 * One component with the app's providers and a fresh store. `path` is the route pattern it is mounted at
 * (for useParams), `route` the URL it starts on.
 */
export function renderWithProviders(
  ui: ReactNode,
  { route = '/', path = '*', preloadedState, store = setupStore(preloadedState) }: Options & { path?: string } = {},
) {
  const user = userEvent.setup({ delay: null });
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <MemoryRouter initialEntries={[route]}>
          <Routes><Route path={path} element={ui} /></Routes>
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return { store, user, ...view };
}

/** The whole app at a route, with a fresh store (unless one is given). */
export function renderApp({ route = '/', preloadedState, store = setupStore(preloadedState) }: Options = {}) {
  const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
  const user = userEvent.setup({ delay: null });
  return { store, user, ...render(<App store={store} router={Router} />) };
}

/** Signs a fake user in the way the app would find it: a token in the browser database. */
export async function signInAs(account: FakeUser): Promise<string> {
  const token = issueToken(account.id);
  await saveToken(token);
  return token;
}
