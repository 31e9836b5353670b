import { useTranslation } from 'react-i18next';
import { localGroupName, localTeamName } from '../../../shared/domain/localNames';
import { localRoundName } from '../../../shared/domain/roundNames';
import { toLocale } from './i18n';
import { usePlaceholderName } from './placeholderNames';

/**
 * Team, group, round and placeholder names in the interface language, from the same source the server uses for its answers
 * (shared/domain/localNames.ts), for names the client composes itself. Re-renders on a language switch.
 */
export function useLocalNames() {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  return {
    team: (name: string) => localTeamName(name, locale),
    group: (name: string) => localGroupName(name, locale),
    round: (id: number, storedName?: string) => localRoundName(id, locale, storedName),
    placeholder: usePlaceholderName(),
  };
}
