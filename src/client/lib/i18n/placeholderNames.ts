import { useTranslation } from 'react-i18next';
import { localPlaceholder, type NameForm } from '../../../shared/domain/matchNames';
import { toLocale } from './i18n';

/**
 * A team not known yet in words in the interface language ("Ganador del partido 49"); '?' when there is not even a
 * placeholder. Apart from the team names (useLocalNames) so the match strip of a visitor's first page stays light.
 */
export function usePlaceholderName(): (text: string | null, form?: NameForm) => string {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return (text, form = 'long') => (text ? localPlaceholder(text, locale, form) : '?');
}
