import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CloudSyncIcon from '@mui/icons-material/CloudSync';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SyncIcon from '@mui/icons-material/Sync';
import UpdateIcon from '@mui/icons-material/Update';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../api/store/hooks';
import { api } from '../../api/api';
import { selectUnfinishedCompetitions } from '../../api/entities/competitionsSlice';

const updatePartial = api.endpoints.updatePartial;
const updateAll = api.endpoints.updateAll;
const updateCompetition = api.endpoints.updateCompetition;
const notify = api.endpoints.notify;

/** Global admins' console and processes; each process is tracked in the snackbar by the base query. */
export function AdminItems({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const competitions = useAppSelector(selectUnfinishedCompetitions);
  return (
    <>
      <ListSubheader component="div">{t('shell.admin')}</ListSubheader>
      <ListItemButton component={RouterLink} to="/admin" onClick={onNavigate}>
        <ListItemIcon><AdminPanelSettingsIcon /></ListItemIcon>
        <ListItemText primary={t('shell.admin_console')} />
      </ListItemButton>
      <ListItemButton onClick={() => void dispatch(updatePartial.initiate({}))}>
        <ListItemIcon><SyncIcon /></ListItemIcon>
        <ListItemText primary={t('shell.update')} />
      </ListItemButton>
      <ListItemButton onClick={() => void dispatch(updateAll.initiate({}))}>
        <ListItemIcon><CloudSyncIcon /></ListItemIcon>
        <ListItemText primary={t('shell.update_all')} />
      </ListItemButton>
      {competitions.map((competition) => (
        <ListItemButton key={competition.id} onClick={() => void dispatch(updateCompetition.initiate({ params: { id: competition.id } }))}>
          <ListItemIcon><UpdateIcon /></ListItemIcon>
          <ListItemText primary={`${competition.id} - ${competition.name}`} />
        </ListItemButton>
      ))}
      <ListItemButton onClick={() => void dispatch(notify.initiate({}))}>
        <ListItemIcon><NotificationsActiveIcon /></ListItemIcon>
        <ListItemText primary={t('shell.notify')} />
      </ListItemButton>
    </>
  );
}
