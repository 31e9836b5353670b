import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { League } from '../../../../shared/api/entities';
import { InviteByEmailForm } from '../invitations/InviteByEmailForm';
import { ShareLinkField } from '../invitations/ShareLinkField';

/** The router state the new-league form leaves on the league's page. */
export const JUST_CREATED = { created: true } as const;

/**
 * Right after creating a league its owner is offered what comes next, at once: the share link to copy and an
 * invitation by email. Closing it (or reloading the page) does not bring it back; both stay on the members page.
 */
export function LeagueCreatedDialog({ league }: { league: League }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const open = (location.state as typeof JUST_CREATED | null)?.created === true;
  const close = () => navigate(location.pathname, { replace: true, state: null });
  return (
    <Dialog open={open} onClose={close} aria-labelledby="league-created-title" fullWidth maxWidth="sm">
      <DialogTitle id="league-created-title">{t('admin_league.created.title', { name: league.name })}</DialogTitle>
      <DialogContent>
        <Typography>{t('admin_league.created.share')}</Typography>
        <ShareLinkField league={league} owner={false} />
        <Typography sx={{ mt: 3 }}>{t('admin_league.created.invite')}</Typography>
        <InviteByEmailForm leagueId={league.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('admin_league.created.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
