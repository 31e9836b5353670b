import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import type { AppStore } from './store';
import { theme } from './theme';

/** The providers around the routes. Tests pass a MemoryRouter as `router`. */
export function App({ store, router: Router = BrowserRouter }: { store: AppStore; router?: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Router>
          <AppRoutes />
        </Router>
      </ThemeProvider>
    </Provider>
  );
}
