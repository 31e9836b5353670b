import 'flag-icons/css/flag-icons.min.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { currentLocale, loadLocale } from './lib/i18n/i18n';
import { setupStore } from './app/store';
import { forgetEndedSession } from './features/account/rememberMe';
import { registerServiceWorker } from './app/shell/push';

document.documentElement.lang = currentLocale();
void registerServiceWorker();

void Promise.all([forgetEndedSession(), loadLocale(currentLocale())]).then(() => {
  const store = setupStore();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});
