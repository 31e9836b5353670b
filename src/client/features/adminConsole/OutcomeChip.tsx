import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { outcomeColor, type Outcome } from './consoleFormat';

/** How a process run ended (or that it still runs), in words and colour. */
export function OutcomeChip({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={outcomeColor(outcome)} label={t(`admin_console.outcomes.${outcome}`)} />;
}
