import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../api/store/hooks';
import { selectNotifications, type NotificationItem } from '../../lib/notifications/notificationsSlice';

function StatusIcon({ status }: { status: NotificationItem['status'] }) {
  if (status === null) return <CircularProgress size={20} aria-label="pending" />;
  if (status === 'ok' || status === 'success') return <CheckCircleIcon color="success" titleAccess="ok" />;
  if (status === 'error') return <ErrorIcon color="error" titleAccess="error" />;
  return <HelpIcon color="disabled" titleAccess="unknown" />;
}

/**
 * Entries with the same message and status show as one row with a count, so a burst of bet saves does not
 * stack over the page on a phone.
 */
export function groupNotifications(items: NotificationItem[]): { item: NotificationItem; count: number }[] {
  const groups: { item: NotificationItem; count: number }[] = [];
  for (const item of items) {
    const same = groups.find((g) => g.item.message === item.message && g.item.status === item.status);
    if (same) same.count += 1;
    else groups.push({ item, count: 1 });
  }
  return groups;
}

/** Running and finished updates and toasts; entries leave on their own timers. */
export function ProcessSnackbar() {
  const items = useAppSelector(selectNotifications);
  return (
    <Snackbar open={items.length > 0}>
      <Paper elevation={4} sx={{ p: 1.5, minWidth: 280 }} role="status" aria-live="polite">
        <Stack spacing={1}>
          {groupNotifications(items).map(({ item, count }) => (
            <Stack key={item.id} direction="row" spacing={1} sx={{ alignItems: "center" }} data-testid="notification" data-status={item.status ?? 'pending'}>
              <StatusIcon status={item.status} />
              <Typography variant="body2">{item.message}{count > 1 && ` (×${count})`}</Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Snackbar>
  );
}
