import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { OfflineSync } from '../features/offline/OfflineSync';
import { AppRoutes } from './router';
import type { AppStore } from './store';
import { THEME_MODE_STORAGE_KEY, theme } from '../lib/theme/theme';

/** The providers around the routes. Tests pass a MemoryRouter as `router`. */
export function App({ store, router: Router = BrowserRouter }: { store: AppStore; router?: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={THEME_MODE_STORAGE_KEY}>
        <CssBaseline />
        <OfflineSync />
        <Router>
          <AppRoutes />
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
