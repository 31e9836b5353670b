import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LeagueSettings } from '../../../../shared/api/entities';
import { BET_DEADLINE_MINUTES_MAX } from '../../../../shared/domain/deadlines';
import { JOKERS_MAX, JOKER_MULTIPLIER_RANGE, ROUND_FACTOR_MAX, roundFactor } from '../../../../shared/domain/scoring';
import { useLocalNames } from '../../../lib/i18n/localNames';
import { NumberField } from './NumberField';
import { weighableRounds } from './scoringExample';

type Weights = Pick<LeagueSettings, 'round_multipliers' | 'jokers' | 'bet_deadline_minutes' | 'lock_by'>;

/** Round multipliers, jokers and the deadline of result bets. */
export function WeightFields({ form, onChange, isLeague, disabled }: {
  form: Weights; onChange: (changes: Partial<Weights>) => void; isLeague: boolean; disabled: boolean;
}) {
  const set = <K extends keyof Weights>(key: K, value: Weights[K]) => onChange({ [key]: value });
  const { t } = useTranslation();
  const names = useLocalNames();
  const setFactor = (roundId: number, factor: number) => set('round_multipliers', [
    ...form.round_multipliers.filter((m) => m.round_id !== roundId), ...(factor === 1 ? [] : [{ round_id: roundId, factor }]),
  ].sort((a, b) => a.round_id - b.round_id));
  return (
    <>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle1">{t('scoring.round_multipliers')}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          {weighableRounds(isLeague).map((roundId) => (
            <NumberField key={roundId} label={names.round(roundId)} value={roundFactor(form.round_multipliers, roundId)} min={1}
              max={ROUND_FACTOR_MAX} disabled={disabled} onChange={(value) => setFactor(roundId, value)} width={140} />
          ))}
        </Box>
        <FormHelperText>{t('scoring.help.round_multipliers')}</FormHelperText>
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle1">{t('scoring.jokers')}</Typography>
        <NumberField label={t('scoring.joker_count')} value={form.jokers.count} min={0} max={JOKERS_MAX} disabled={disabled}
          onChange={(count) => set('jokers', { ...form.jokers, count })} width={150} />
        <NumberField label={t('scoring.joker_multiplier')} value={form.jokers.multiplier} min={JOKER_MULTIPLIER_RANGE.min}
          max={JOKER_MULTIPLIER_RANGE.max} disabled={disabled || form.jokers.count === 0}
          onChange={(multiplier) => set('jokers', { ...form.jokers, multiplier })} width={150} />
        <FormHelperText>{t('scoring.help.jokers')}</FormHelperText>
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
        <Typography component="legend" variant="subtitle1">{t('scoring.deadline')}</Typography>
        <NumberField label={t('scoring.deadline_minutes')} value={form.bet_deadline_minutes} min={0} max={BET_DEADLINE_MINUTES_MAX}
          disabled={disabled} onChange={(value) => set('bet_deadline_minutes', value)} width={200} />
        <FormControl disabled={disabled} sx={{ mt: 1, display: 'block' }}>
          <FormLabel id="lock-by-label">{t('scoring.lock_by')}</FormLabel>
          <RadioGroup row aria-labelledby="lock-by-label" value={form.lock_by} onChange={(event) => set('lock_by', event.target.value as Weights['lock_by'])}>
            <FormControlLabel value="match" control={<Radio />} label={t('scoring.lock_by_options.match')} />
            <FormControlLabel value="matchday" control={<Radio />} label={t('scoring.lock_by_options.matchday')} />
          </RadioGroup>
          <FormHelperText>{t('scoring.help.deadline')}</FormHelperText>
        </FormControl>
      </Box>
    </>
  );
}
