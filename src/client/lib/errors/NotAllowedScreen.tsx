import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';

/** Shown after a 403 answer; a private league's says why and how to get in (an invitation, its link, or a league open to all). */
export default function NotAllowedScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  if (search.get('reason') === 'private_league') {
    return (
      <Box sx={{ textAlign: 'center', py: 4, maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h1" component="h1">{t('errors.pages.private_league_heading')}</Typography>
        <Typography sx={{ mt: 2 }}>{t('errors.pages.private_league')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
          <Button component={RouterLink} to="/leagues/search" variant="contained">{t('errors.pages.search_leagues')}</Button>
          <Button component={RouterLink} to="/">{t('errors.pages.back_home')}</Button>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <Typography variant="h1" component="h1">{t('errors.pages.not_allowed')}</Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>{t('errors.pages.back_home')}</Button>
    </Box>
  );
}
