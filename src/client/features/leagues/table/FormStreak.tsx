import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

type StreakResult = 'W' | 'D' | 'L';

/** Background and text per result: palette colours with their computed contrast text (both themes, WCAG AA). */
const COLOURS: Record<StreakResult, { bgcolor: string; color: string }> = {
  W: { bgcolor: 'success.main', color: 'success.contrastText' },
  D: { bgcolor: 'grey.600', color: 'common.white' },
  L: { bgcolor: 'error.main', color: 'error.contrastText' },
};

/** A team's recent form (classification `streak`, oldest first): one letter per match, read out in full. */
export function FormStreak({ streak }: { streak: readonly StreakResult[] }) {
  const { t } = useTranslation();
  if (!streak.length) return null;
  const label = t('form.label', { results: streak.map((result) => t(`form.long.${result}`)).join(', ') });
  return (
    <Box component="span" role="img" aria-label={label} title={label} sx={{ display: 'inline-flex', gap: 0.25 }}>
      {streak.map((result, index) => (
        <Box key={index} component="span" aria-hidden sx={{
          ...COLOURS[result], width: 18, height: 18, borderRadius: '50%', display: 'inline-flex', alignItems: 'center',
          justifyContent: 'center', fontSize: 11, fontWeight: 700, lineHeight: 1,
        }}>
          {t(`form.short.${result}`)}
        </Box>
      ))}
    </Box>
  );
}
