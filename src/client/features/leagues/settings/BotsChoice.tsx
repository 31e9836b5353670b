import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import type { LeagueSettings } from '../../../../shared/api/entities';

type Bots = LeagueSettings['bots'];
const OPTIONS: readonly Bots[] = ['marked', 'allowed', 'forbidden'];

/**
 * Whether members may bet through an API token in the league: marked with a robot (the default), allowed, or not.
 * Never frozen: it changes how bets are placed from now on, not the points of bets already played.
 */
export function BotsChoice({ value, onChange }: { value: Bots; onChange: (value: Bots) => void }) {
  const { t } = useTranslation();
  return (
    <FormControl sx={{ mt: 2 }}>
      <FormLabel id="bots-label">{t('bots.label')}</FormLabel>
      <RadioGroup aria-labelledby="bots-label" value={value} onChange={(event) => onChange(event.target.value as Bots)}>
        {OPTIONS.map((option) => <FormControlLabel key={option} value={option} control={<Radio />} label={t(`bots.${option}`)} />)}
      </RadioGroup>
      <FormHelperText>{t('bots.hint')}</FormHelperText>
    </FormControl>
  );
}
