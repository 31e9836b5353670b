import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type ReactNode } from 'react';
import type { RouteName } from '../../../shared/api/routeTable';
import { showToast } from '../../lib/notifications/notify';
import { downloadRoute, saveFile } from '../downloads';
import { useAppDispatch } from '../store/hooks';

interface Props {
  /** A route whose answer is a file (league CSV, league archive, the user's data). */
  route: RouteName;
  params?: Record<string, number>;
  /** The file's name when the server suggests none. */
  fallbackName: string;
  icon: ReactNode;
  children: ReactNode;
  variant?: ButtonProps['variant'];
}

/** A button that downloads a file route and saves it; a refusal (not allowed, too many) says why in a toast. */
export function DownloadButton({ route, params, fallbackName, icon, children, variant }: Props) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await downloadRoute(route, params, fallbackName));
    } catch (error) {
      showToast(dispatch, 'error', (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} onClick={() => void download()} disabled={busy} aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : icon}>
      {children}
    </Button>
  );
}
