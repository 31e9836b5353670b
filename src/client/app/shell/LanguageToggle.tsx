import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import gbFlag from 'flag-icons/flags/4x3/gb.svg';
import esFlag from 'flag-icons/flags/4x3/es.svg';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useAppDispatch } from '../../api/store/hooks';
import { changeLocale, currentLocale } from '../../lib/i18n/i18n';
import type { Locale } from '../../../shared/domain/locales';

const FLAGS: Record<Locale, string> = { es: esFlag, en: gbFlag };

/** Answers whose names the server gives in the caller's language (teams, groups, rounds, picks): reloaded on a switch. */
const NAMED_IN_LOCALE = ['Team', 'Group', 'Round', 'Competition', 'RoundBet', 'PersonBet', 'Alert'] as const;

/** One flag per interface language; the choice is remembered. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const locale = currentLocale();
  return (
    <ToggleButtonGroup
      exclusive size="small" value={locale} aria-label={t('shell.language')}
      onChange={(_event, value: Locale | null) => { if (value) void changeLocale(value).then(() => dispatch(api.util.invalidateTags([...NAMED_IN_LOCALE]))); }}
      key={i18n.language}
    >
      {(['es', 'en'] as const).map((lng) => (
        <ToggleButton key={lng} value={lng} aria-label={t(`shell.languages.${lng}`)}>
          <Box component="img" src={FLAGS[lng]} alt={t(`shell.languages.${lng}`)} sx={{ width: 28, height: 21 }} />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
