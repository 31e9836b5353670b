import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Stands in for a screen another part of the client builds. */
export default function PlaceholderScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <Typography variant="h1" component="h1">{t(titleKey)}</Typography>;
}
