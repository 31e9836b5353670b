import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Shown after a 403 answer. */
export default function NotAllowedScreen() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <Typography variant="h1" component="h1">{t('errors.pages.not_allowed')}</Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>{t('errors.pages.back_home')}</Button>
    </Box>
  );
}
