import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** Logo home, help, and the user button with the alerts count (spec 2.1). */
export function TopBar({ alertsCount, onOpenPanel }: { alertsCount: number; onOpenPanel: () => void }) {
  const { t } = useTranslation();
  return (
    <AppBar position="sticky">
      <Toolbar>
        <Box component={RouterLink} to="/" aria-label={t('shell.home')} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', flexGrow: 1 }}>
          <Box component="img" src="/images/logo.svg" alt="" sx={{ width: 36, height: 36 }} />
          <Typography variant="h6" component="span">Porra</Typography>
        </Box>
        <IconButton component={RouterLink} to="/help/about" color="inherit" aria-label={t('shell.help')}>
          <HelpOutlineIcon />
        </IconButton>
        <IconButton color="inherit" onClick={onOpenPanel} aria-label={t('shell.open_panel')}>
          <Badge badgeContent={alertsCount} color="secondary" data-testid="alerts-badge">
            <AccountCircleIcon />
          </Badge>
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
