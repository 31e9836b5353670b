import EditIcon from '@mui/icons-material/Edit';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import TouchAppIcon from '@mui/icons-material/TouchApp';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';

export interface AlertItem { alert_type: number; message: string; league_id: number; league_name: string; matchday: number | null }

/** 1 edit (warning), 2 pointing hand (danger), 3 football (danger). */
function AlertIcon({ type }: { type: number }) {
  if (type === 1) return <EditIcon color="warning" data-testid="alert-icon-1" />;
  if (type === 2) return <TouchAppIcon color="error" data-testid="alert-icon-2" />;
  return <SportsSoccerIcon color="error" data-testid="alert-icon-3" />;
}

const alertLink = (alert: AlertItem): string => {
  const search = new URLSearchParams({ league_id: String(alert.league_id) });
  if (alert.matchday !== null && alert.matchday !== undefined) search.set('matchday', String(alert.matchday));
  return `/result_bets/new?${search.toString()}`;
};

export function AlertItems({ alerts, onNavigate }: { alerts: AlertItem[]; onNavigate: () => void }) {
  return (
    <>
      {alerts.map((alert, index) => (
        <ListItemButton key={`${alert.alert_type}-${alert.league_id}-${alert.matchday}-${index}`} component={RouterLink} to={alertLink(alert)} onClick={onNavigate}>
          <ListItemIcon><AlertIcon type={alert.alert_type} /></ListItemIcon>
          <ListItemText primary={alert.message} secondary={alert.league_name} />
        </ListItemButton>
      ))}
    </>
  );
}
