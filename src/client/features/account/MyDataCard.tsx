import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../api/widgets/DownloadButton';

/** Everything Porra holds about the player, as one JSON file. */
export function MyDataCard() {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="my-data-title" sx={{ maxWidth: 480, mx: 'auto', mt: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="my-data-title" variant="h2" component="h2">{t('exports.my_data_title')}</Typography>
        <Typography variant="body2">{t('exports.my_data_intro')}</Typography>
        <Box>
          <DownloadButton route="userExport" fallbackName="porra-my-data.json" icon={<DownloadIcon />}>{t('exports.download_my_data')}</DownloadButton>
        </Box>
      </CardContent>
    </Card>
  );
}
