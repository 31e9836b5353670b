import CloseIcon from '@mui/icons-material/Close';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch } from '../../api/store/hooks';
import { tokens } from '../../lib/theme/theme';
import { api } from '../../api/api';
import type { SessionUser } from '../../api/session';
import { AdminItems } from './AdminItems';
import { AlertItems, type AlertItem } from './AlertItems';
import { LanguageToggle } from './LanguageToggle';
import { pushSupported } from './push';
import { PushSwitch } from './PushSwitch';
import { ThemeToggle } from './ThemeToggle';

const signOutEndpoint = api.endpoints.signOut;

interface Props {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
  signedIn: boolean;
  isAdmin: boolean;
  alerts: AlertItem[];
}

/** The right-hand side panel, for visitors, players and global admins. */
export function SidePanel({ open, onClose, user, signedIn, isAdmin, alerts }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const signOut = async () => {
    onClose();
    await dispatch(signOutEndpoint.initiate({}));
    navigate('/');
  };

  return (
    // The drawer is a modal dialog: named like the panel; its items are links and buttons, not list items.
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': t('shell.panel') } }}>
      <Box sx={{ width: tokens.drawerWidth }} role="navigation" aria-label={t('shell.panel')}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1 }}>
          <LanguageToggle />
          <IconButton onClick={onClose} aria-label={t('shell.close')}><CloseIcon /></IconButton>
        </Box>
        <Box sx={{ px: 1, pb: 1 }}><ThemeToggle /></Box>
        {signedIn && <Typography sx={{ px: 2 }} variant="subtitle1">{user.name}</Typography>}
        <Divider />
        <List component="div">
          {signedIn ? (
            <>
              {pushSupported() && <PushSwitch />}
              <ListItemButton component={RouterLink} to="/users/edit" onClick={onClose}>
                <ListItemIcon><ManageAccountsIcon /></ListItemIcon>
                <ListItemText primary={t('shell.profile')} />
              </ListItemButton>
              <ListItemButton onClick={() => void signOut()}>
                <ListItemIcon><LogoutIcon /></ListItemIcon>
                <ListItemText primary={t('shell.sign_out')} />
              </ListItemButton>
              {alerts.length > 0 && <ListSubheader component="div">{t('shell.alerts')}</ListSubheader>}
              <AlertItems alerts={alerts} onNavigate={onClose} />
            </>
          ) : (
            <>
              <ListItemButton component={RouterLink} to="/users/sign_in" onClick={onClose}>
                <ListItemIcon><LoginIcon /></ListItemIcon>
                <ListItemText primary={t('shell.sign_in')} />
              </ListItemButton>
              <ListItemButton component={RouterLink} to="/users/sign_up" onClick={onClose}>
                <ListItemIcon><PersonAddIcon /></ListItemIcon>
                <ListItemText primary={t('shell.sign_up')} />
              </ListItemButton>
            </>
          )}
          {isAdmin && <AdminItems onNavigate={onClose} />}
        </List>
      </Box>
    </Drawer>
  );
}
