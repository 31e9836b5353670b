import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import NotFoundScreen from '../../lib/errors/NotFoundScreen';
import { PointsSystemTable } from './PointsSystemTable';

export const HELP_PAGES = [
  'about', 'how_to_play', 'how_to_create_league', 'how_to_points_system', 'cookies_policy', 'terms_of_service', 'privacy_policy',
] as const;

interface Section { heading?: string; paragraphs: string[] }

/** Help and legal pages; their texts live in the locale files, in both languages. */
export default function HelpScreen() {
  const { t } = useTranslation();
  const { page } = useParams();
  if (!HELP_PAGES.includes(page as (typeof HELP_PAGES)[number])) return <NotFoundScreen />;
  const sections = t(`help.${page}.sections`, { returnObjects: true }) as Section[];
  return (
    <Box sx={{ display: 'flex', gap: 4, flexDirection: { xs: 'column', md: 'row' } }}>
      <Stack component="nav" aria-label={t('help.menu')} spacing={1} sx={{ minWidth: 220 }}>
        {HELP_PAGES.map((name) => (
          <Link key={name} component={RouterLink} to={`/help/${name}`} underline={name === page ? 'always' : 'hover'}>{t(`help.${name}.title`)}</Link>
        ))}
        <Link component={RouterLink} to="/contact">{t('contact.title')}</Link>
      </Stack>
      <Box component="article" sx={{ flexGrow: 1 }}>
        <Typography variant="h1" component="h1" gutterBottom>{t(`help.${page}.title`)}</Typography>
        {Array.isArray(sections) && sections.map((section, index) => (
          <Box key={index} sx={{ mb: 2 }}>
            {section.heading && <Typography variant="h2" component="h2" gutterBottom>{section.heading}</Typography>}
            {section.paragraphs.map((text, i) => <Typography key={i} sx={{ mb: 1.5 }}>{text}</Typography>)}
          </Box>
        ))}
        {page === 'how_to_points_system' && <PointsSystemTable />}
      </Box>
    </Box>
  );
}
