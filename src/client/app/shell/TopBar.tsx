import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** Logo home, help, and the user button with the alerts count. */
export function TopBar({ alertsCount, onOpenPanel }: { alertsCount: number; onOpenPanel: () => void }) {
  const { t } = useTranslation();
  const countId = useId();
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
        {/* Named by hidden text, not aria-label (axe: a label must contain the visible text, here the badge's digit);
            the count is the button's description. */}
        <IconButton color="inherit" onClick={onOpenPanel} aria-describedby={alertsCount ? countId : undefined}>
          <Box component="span" sx={visuallyHidden}>{t('shell.open_panel')}</Box>
          <Badge badgeContent={alertsCount} color="secondary" data-testid="alerts-badge" slotProps={{ badge: { id: countId, 'aria-hidden': true } }}>
            <AccountCircleIcon />
          </Badge>
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
