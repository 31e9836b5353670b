import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useColorScheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '../../lib/theme/theme';

const MODES: Array<{ mode: ThemeMode; Icon: typeof LightModeIcon }> = [
  { mode: 'light', Icon: LightModeIcon },
  { mode: 'system', Icon: SettingsBrightnessIcon },
  { mode: 'dark', Icon: DarkModeIcon },
];

/** Light, dark or the system's theme; MUI keeps the choice in localStorage (THEME_MODE_STORAGE_KEY). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  return (
    <ToggleButtonGroup
      exclusive size="small" value={mode ?? 'system'} aria-label={t('theme.label')}
      onChange={(_event, value: ThemeMode | null) => { if (value) setMode(value); }}
    >
      {MODES.map(({ mode: value, Icon }) => (
        <ToggleButton key={value} value={value} aria-label={t(`theme.${value}`)} title={t(`theme.${value}`)}>
          <Icon fontSize="small" />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
