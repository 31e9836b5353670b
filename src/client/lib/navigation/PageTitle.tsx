import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

const APP_NAME = 'Porra';

/**
 * The browser tab's title: the page's own fixed title in the interface language, then the app's name ("Sign in ·
 * Porra"); it follows a language switch. A `:name` in the key takes that route parameter ("help.:page.title"); a key
 * without a text (an unknown help page) leaves the app's name alone.
 */
export function PageTitle({ titleKey }: { titleKey: string }) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const key = titleKey.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');
  const title = i18n.exists(key) ? `${t(key)} · ${APP_NAME}` : APP_NAME;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
