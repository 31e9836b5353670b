import CssBaseline from '@mui/material/CssBaseline';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { OfflineSync } from '../features/offline/OfflineSync';
import { AppRoutes } from './router';
import type { AppStore } from './store';
import { LocalizedThemeProvider } from '../lib/theme/LocalizedThemeProvider';

/** The providers around the routes. Tests pass a MemoryRouter as `router`. */
export function App({ store, router: Router = BrowserRouter }: { store: AppStore; router?: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <Provider store={store}>
      <LocalizedThemeProvider>
        <CssBaseline />
        <OfflineSync />
        <Router>
          <AppRoutes />
        </Router>
      </LocalizedThemeProvider>
    </Provider>
  );
}
