import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../navigation/PageTitle';

/** A screen that crashed, or the server's 500 page. A full reload gets a clean start. */
export function InternalErrorScreen() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <PageTitle titleKey="errors.pages.internal_server_error" />
      <Typography variant="h1" component="h1">{t('errors.pages.internal_server_error')}</Typography>
      <Typography sx={{ my: 2 }}>{t('errors.messages.generic_failure')}</Typography>
      <Button href="/" variant="contained">{t('errors.pages.back_home')}</Button>
    </Box>
  );
}
