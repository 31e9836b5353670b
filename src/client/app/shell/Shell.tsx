import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../api/store/hooks';
import { useSession } from '../../api/session';
import { redirectDone, selectRedirect } from '../../lib/navigation/navigationSlice';
import { LoadingOverlay } from './LoadingOverlay';
import { TopBar } from './TopBar';
import { useAnythingLoading } from './useAnythingLoading';
import { useStartupData } from './useStartupData';
import { selectNotifications } from '../../lib/notifications/notificationsSlice';

// The side panel and the snackbar are loaded when first needed: they keep the first page's script small.
const SidePanel = lazy(() => import(/* webpackChunkName: "side-panel" */ './SidePanel').then((module) => ({ default: module.SidePanel })));
const ProcessSnackbar = lazy(() => import(/* webpackChunkName: "snackbar" */ './ProcessSnackbar').then((module) => ({ default: module.ProcessSnackbar })));
const VerifyEmailBanner = lazy(() => import(/* webpackChunkName: "verify-email-banner" */ '../../api/widgets/VerifyEmailBanner')
  .then((module) => ({ default: module.VerifyEmailBanner })));

/** The frame of every screen. */
export function Shell() {
  const session = useSession();
  const { alerts } = useStartupData(session.signedIn);
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelUsed, setPanelUsed] = useState(false);
  const hasNotifications = useAppSelector((state) => selectNotifications(state).length > 0);
  const loading = useAnythingLoading();
  const redirect = useAppSelector(selectRedirect);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The confirmation page speaks for itself; everywhere else an unverified address gets the banner.
  const unverifiedEmail = session.signedIn && session.user.email_verified === false && pathname !== '/verify_email'
    ? session.user.email : undefined;

  useEffect(() => {
    if (!redirect) return;
    dispatch(redirectDone());
    navigate(redirect);
  }, [redirect, dispatch, navigate]);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar alertsCount={alerts.length} onOpenPanel={() => { setPanelUsed(true); setPanelOpen(true); }} />
      {panelUsed && (
        <Suspense fallback={null}>
          <SidePanel open={panelOpen} onClose={() => setPanelOpen(false)} alerts={alerts} {...session} />
        </Suspense>
      )}
      <LoadingOverlay open={loading} />
      <Container component="main" maxWidth="lg" sx={{ py: 3, visibility: loading ? 'hidden' : 'visible' }}>
        {unverifiedEmail && <Suspense fallback={null}><VerifyEmailBanner email={unverifiedEmail} /></Suspense>}
        <Outlet />
      </Container>
      {hasNotifications && <Suspense fallback={null}><ProcessSnackbar /></Suspense>}
    </Box>
  );
}
