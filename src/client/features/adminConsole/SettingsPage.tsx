import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { Facts } from './Facts';

const settingsEndpoint = api.endpoints.adminSettings;

/** Site settings: the effective configuration, read only, secrets masked by the server; versions. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { data } = settingsEndpoint.useQuery();
  if (!data) return null;
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Typography variant="h2" component="h2">{t('admin_console.settings.versions_title')}</Typography>
          <Facts items={[
            [t('admin_console.settings.app_version'), data.app_version],
            [t('admin_console.settings.schema_version'), data.schema_version ?? '—'],
            [t('admin_console.settings.database'), t(`admin_console.settings.databases.${data.database}`)],
            [t('admin_console.settings.mail'), t(`admin_console.settings.mail_modes.${data.mail}`)],
          ]} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h2" component="h2">{t('admin_console.settings.configuration_title')}</Typography>
          <Typography variant="body2" color="text.secondary">{t('admin_console.settings.read_only')}</Typography>
          <Facts items={data.settings.map((setting): [string, ReactNode] => [
            setting.key,
            <>
              <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>{setting.value ?? t('admin_console.settings.not_set')}</Typography>
              {setting.secret && <Typography component="span" variant="body2" color="text.secondary"> ({t('admin_console.settings.secret')})</Typography>}
            </>,
          ])} />
        </CardContent>
      </Card>
    </Stack>
  );
}
