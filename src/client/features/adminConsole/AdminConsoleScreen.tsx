import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../api/session';

/** The console's pages, in tab order; each is a child route of /admin. */
export const CONSOLE_PAGES = ['competitions', 'processes', 'users', 'mail', 'settings'] as const;
export type ConsolePage = (typeof CONSOLE_PAGES)[number];

/**
 * The admin console: a global admin runs the site from here. Sections are links, so each page has its own
 * address (bookmarks, the back button) and its own lazily loaded chunk.
 */
export default function AdminConsoleScreen() {
  const { t } = useTranslation();
  const { isAdmin, known } = useSession();
  const { pathname } = useLocation();
  if (!known) return null;
  if (!isAdmin) return <Navigate to="/not_allowed" replace />;
  const current = CONSOLE_PAGES.find((page) => pathname.startsWith(`/admin/${page}`));
  return (
    <Box>
      <Typography variant="h1" component="h1" gutterBottom>{t('admin_console.title')}</Typography>
      {/* Plain links rather than MUI tabs: tab semantics promise panels on the same page, these are pages. */}
      <Box component="nav" aria-label={t('admin_console.sections')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, borderBottom: 1, borderColor: 'divider', pb: 1, mb: 2 }}>
        {CONSOLE_PAGES.map((page) => (
          <Button key={page} component={RouterLink} to={`/admin/${page}`} size="small"
            variant={current === page ? 'contained' : 'text'} aria-current={current === page ? 'page' : undefined}>
            {t(`admin_console.tabs.${page}`)}
          </Button>
        ))}
      </Box>
      <Outlet />
    </Box>
  );
}
