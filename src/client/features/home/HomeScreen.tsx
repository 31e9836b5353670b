import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../account/session';

/** Home (spec 2.3). The league lists and carousels come with the league screens; visitors get the welcome card. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { signedIn, user } = useSession();
  if (!signedIn) {
    return (
      <Card>
        <CardContent>
          <Typography variant="h1" component="h1" gutterBottom>{t('home.welcome_title')}</Typography>
          <Typography>{t('home.welcome_text')}</Typography>
        </CardContent>
        <CardActions>
          <Button component={RouterLink} to="/users/sign_in" variant="contained">{t('shell.sign_in')}</Button>
          <Button component={RouterLink} to="/users/sign_up">{t('shell.sign_up')}</Button>
        </CardActions>
      </Card>
    );
  }
  return (
    <>
      <Typography variant="h1" component="h1" gutterBottom>{t('home.hello', { name: user.name })}</Typography>
      <Typography>{t('home.slogan')}</Typography>
      <Typography color="text.secondary">{t('home.sub_slogan')}</Typography>
    </>
  );
}
