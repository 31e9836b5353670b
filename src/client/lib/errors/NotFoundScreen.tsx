import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Any unknown path: image, "not allowed" heading, "not found" text, link home. */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <Box component="img" src="/images/not-found.svg" alt={t('errors.pages.not_found_image')} sx={{ width: 240, maxWidth: '80%' }} />
      <Typography variant="h1" component="h1" sx={{ mt: 2 }}>{t('errors.pages.not_allowed_heading')}</Typography>
      <Typography sx={{ my: 2 }}>{t('errors.pages.not_found')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">{t('errors.pages.back_home')}</Button>
    </Box>
  );
}
