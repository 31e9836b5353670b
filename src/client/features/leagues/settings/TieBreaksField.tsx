import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TIE_BREAKS, type TieBreak } from '../../../../shared/domain/tieBreaks';

/** The league's ordered tie-breaks: added one after another, removed with their chip. */
export function TieBreaksField({ value, onChange, disabled }: { value: TieBreak[]; onChange: (value: TieBreak[]) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const remaining = TIE_BREAKS.filter((key) => !value.includes(key));
  return (
    <FormControl disabled={disabled} sx={{ mt: 2 }} component="fieldset">
      <FormLabel component="legend">{t('tie_breaks.label')}</FormLabel>
      <Box component="ol" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, my: 1 }} aria-label={t('tie_breaks.label')}>
        {value.length === 0 && <Box component="li" sx={{ color: 'text.secondary' }}>{t('tie_breaks.none')}</Box>}
        {value.map((key, index) => (
          <li key={key}>
            <Chip label={`${index + 1}. ${t(`tie_breaks.keys.${key}`)}`} disabled={disabled}
              onDelete={disabled ? undefined : () => onChange(value.filter((k) => k !== key))} />
          </li>
        ))}
      </Box>
      {remaining.length > 0 && (
        <TextField select size="small" label={t('tie_breaks.add')} value="" disabled={disabled} sx={{ maxWidth: 320 }}
          onChange={(event) => onChange([...value, event.target.value as TieBreak])}>
          {remaining.map((key) => <MenuItem key={key} value={key}>{t(`tie_breaks.keys.${key}`)}</MenuItem>)}
        </TextField>
      )}
      <FormHelperText>{t('tie_breaks.help')}</FormHelperText>
    </FormControl>
  );
}
