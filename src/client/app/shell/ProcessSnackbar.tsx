import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../api/store/hooks';
import { selectNotifications, type NotificationItem } from '../../lib/notifications/notificationsSlice';

/** The top bar's help and account buttons, with its right padding: the snackbar stays left of them on a phone. */
const PHONE_TOP_BAR_BUTTONS_PX = 112;

function StatusIcon({ status }: { status: NotificationItem['status'] }) {
  if (status === null) return <CircularProgress size={20} aria-label="pending" />;
  if (status === 'ok' || status === 'success') return <CheckCircleIcon color="success" titleAccess="ok" />;
  if (status === 'error') return <ErrorIcon color="error" titleAccess="error" />;
  return <HelpIcon color="disabled" titleAccess="unknown" />;
}

/**
 * Entries with the same message and status show as one row with a count, so a burst of bet saves does not
 * stack over the page on a phone. The count is said in words ("2 bets saved", "(2 times)"): "×2" is the joker's.
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

/**
 * Running and finished updates and toasts; entries leave on their own timers. On a phone the snackbar sits over
 * the sticky top bar's logo, one line per entry and clear of its buttons: one entry (a bet saving, then saved)
 * stays within the bar, so it never covers the page's tables and controls; several at once (an offline replay
 * with a refusal) stack below it for their few seconds.
 */
export function ProcessSnackbar() {
  const { t } = useTranslation();
  const items = useAppSelector(selectNotifications);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Snackbar open={items.length > 0} anchorOrigin={phone ? { vertical: 'top', horizontal: 'left' } : undefined}
      sx={phone ? { top: 4, left: 4, right: PHONE_TOP_BAR_BUTTONS_PX, justifyContent: 'flex-start' } : undefined}>
      <Paper elevation={4} sx={{ p: phone ? 1 : 1.5, minWidth: phone ? 0 : 280, maxWidth: '100%' }} role="status" aria-live="polite" data-testid="snackbar">
        <Stack spacing={1}>
          {groupNotifications(items).map(({ item, count }) => (
            <Stack key={item.id} direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }} data-testid="notification" data-status={item.status ?? 'pending'}>
              <StatusIcon status={item.status} />
              <Typography variant="body2" noWrap={phone}>{count <= 1 ? item.message : item.counted ? t(item.counted, { count }) : `${item.message} ${t('common.times', { count })}`}</Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Snackbar>
  );
}
