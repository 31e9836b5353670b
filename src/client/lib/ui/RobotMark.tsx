import SmartToyIcon from '@mui/icons-material/SmartToy';
import { useTranslation } from 'react-i18next';

/** The mark of a bet placed with an API token (a bot), in a league that marks them: an icon with its meaning as its name. */
export function RobotMark() {
  const { t } = useTranslation();
  const label = t('bots.mark');
  return <SmartToyIcon fontSize="small" color="action" role="img" aria-label={label} titleAccess={label} data-testid="robot-mark" sx={{ ml: 0.5 }} />;
}
