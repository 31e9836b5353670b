import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LeagueSettings } from '../../../../shared/api/entities';
import {
  QUOTE_MAX_RANGE, SCORING_POINTS_MAX, SCORING_PRESETS, SCORING_PRESET_KEYS, maxResultBetPoints, scoringPresetOf, type Scoring,
  completeScoring,
} from '../../../../shared/domain/scoring';
import { api } from '../../../api/api';
import { NumberField } from './NumberField';
import { EXAMPLE, examplePoints } from './scoringExample';

const scoringPresets = api.endpoints.scoringPresets;
const HITS = ['tendency', 'goal_difference', 'exact', 'local_goals', 'visiting_goals'] as const;
/** The hits a crowd-quote or odds league scores. */
const RARITY_HITS: Readonly<Record<'quote' | 'odds', readonly (typeof HITS)[number][]>> = {
  quote: ['tendency', 'exact'], odds: ['tendency', 'goal_difference', 'exact'],
};

type Props = {
  form: Pick<LeagueSettings, 'bets_system' | 'scoring' | 'knockout_basis'>;
  onChange: (scoring: Scoring) => void;
  disabled: boolean;
};

/** Scoring presets and custom points per hit, with a live example. */
export function ScoringFields({ form, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const { data: presets } = scoringPresets.useQuery();
  // A league from before the crowd quote may come without quote_max: the form shows the preset's.
  const scoring = completeScoring(form.scoring);
  const preset = scoringPresetOf(scoring) ?? 'custom';
  const rules = { bets_system: form.bets_system, scoring: scoring, knockout_basis: form.knockout_basis };
  const off = disabled || form.bets_system === 'disabled';
  const set = (changes: Partial<Scoring>) => onChange({ ...scoring, ...changes });
  const rarity = scoring.mode === 'quote' || scoring.mode === 'odds' ? RARITY_HITS[scoring.mode] : null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <Typography component="legend" variant="subtitle1">{t('scoring.title')}</Typography>
      <TextField select label={t('scoring.preset')} value={preset} disabled={off} sx={{ mt: 1 }}
        onChange={(event) => {
          const key = event.target.value as keyof typeof SCORING_PRESETS | 'custom';
          if (key !== 'custom') onChange(presets?.find((p) => p.key === key)?.scoring ?? SCORING_PRESETS[key]);
        }}
        helperText={t('scoring.help.preset')}>
        {SCORING_PRESET_KEYS.map((key) => (
          <MenuItem key={key} value={key}>{presets?.find((p) => p.key === key)?.name ?? t(`scoring.presets.${key}`)}</MenuItem>
        ))}
        <MenuItem value="custom">{t('scoring.custom')}</MenuItem>
      </TextField>
      <FormControl disabled={off} sx={{ mt: 1 }}>
        <FormLabel id="scoring-mode-label">{t('scoring.mode')}</FormLabel>
        <RadioGroup row aria-labelledby="scoring-mode-label" value={scoring.mode} onChange={(event) => set({ mode: event.target.value as Scoring['mode'] })}>
          <FormControlLabel value="additive" control={<Radio />} label={t('scoring.modes.additive')} />
          <FormControlLabel value="highest" control={<Radio />} label={t('scoring.modes.highest')} />
          <FormControlLabel value="quote" control={<Radio />} label={t('scoring.modes.quote')} />
          <FormControlLabel value="odds" control={<Radio />} label={t('scoring.modes.odds')} />
        </RadioGroup>
        <FormHelperText>{t(`scoring.help.${scoring.mode}`)}</FormHelperText>
      </FormControl>
      <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
        {HITS.map((hit) => (
          <NumberField key={hit} label={t(`scoring.hits.${hit}`)} value={scoring[hit]} min={0} max={SCORING_POINTS_MAX}
            disabled={off || (form.bets_system === 'sign' && hit !== 'tendency') || (rarity !== null && !rarity.includes(hit))}
            onChange={(value) => set({ [hit]: value })} width={150} />
        ))}
        {rarity && (
          <NumberField label={t('crowd.quote_max')} value={scoring.quote_max} min={Math.max(QUOTE_MAX_RANGE.min, scoring.tendency)}
            max={QUOTE_MAX_RANGE.max} disabled={off} onChange={(value) => set({ quote_max: value })} width={150} />
        )}
      </Box>
      {form.bets_system === 'sign' && <FormHelperText>{t('scoring.help.sign')}</FormHelperText>}
      <Typography role="status" sx={{ mt: 1 }} data-testid="scoring-example">
        {t('scoring.example', {
          bet: `${EXAMPLE.bet.local_goals}-${EXAMPLE.bet.visiting_goals}`, result: `${EXAMPLE.result.local}-${EXAMPLE.result.visiting}`,
          count: examplePoints(rules),
        })}
        {' · '}{t('scoring.max_points', { count: maxResultBetPoints(rules) })}
      </Typography>
    </Box>
  );
}
