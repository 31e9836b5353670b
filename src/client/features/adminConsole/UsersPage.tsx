import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Static } from 'typebox';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../shared/api/routes/adminUsers';
import { api } from '../../api/api';
import { Pagination } from '../../lib/ui/Pagination';
import { useDebouncedValue } from '../../lib/ui/useDebouncedValue';
import { useSession } from '../../api/session';
import { AuditList } from './AuditList';
import { ConsoleConfirmDialog, type Confirmation } from './ConsoleConfirmDialog';
import { dateOrDash, pageCount } from './consoleFormat';
import { Facts } from './Facts';

const usersEndpoint = api.endpoints.adminUsers;
const resendEndpoint = api.endpoints.adminResendVerification;
const resetEndpoint = api.endpoints.adminPasswordReset;
const disableEndpoint = api.endpoints.adminDisableUser;
const enableEndpoint = api.endpoints.adminEnableUser;
const setAdminEndpoint = api.endpoints.adminSetAdmin;

type User = Static<typeof AdminUser>;
export const USERS_PER_PAGE = 20;

/** The actions on a user; each says how it went ("Verification link sent to …") in its snackbar entry. */
function useUserActions() {
  const [resend] = resendEndpoint.useMutation();
  const [reset] = resetEndpoint.useMutation();
  const [disable] = disableEndpoint.useMutation();
  const [enable] = enableEndpoint.useMutation();
  const [setAdmin] = setAdminEndpoint.useMutation();
  return {
    resend: (id: number) => resend({ params: { id } }),
    reset: (id: number) => reset({ params: { id } }),
    disable: (id: number) => disable({ params: { id } }),
    enable: (id: number) => enable({ params: { id } }),
    setAdmin: (id: number, admin: boolean) => setAdmin({ params: { id }, body: { admin } }),
  };
}

function UserItem({ user, self, confirm }: { user: User; self: boolean; confirm: (confirmation: Confirmation) => void }) {
  const { t } = useTranslation();
  const actions = useUserActions();
  const nameId = `user-${user.id}-name`;
  const ask = (action: 'disable' | 'enable' | 'promote' | 'demote', onConfirm: () => void, danger = false) => confirm({
    title: t(`admin_console.users.confirm.${action}_title`, { name: user.name }),
    text: t(`admin_console.users.confirm.${action}_text`, { name: user.name, email: user.email }),
    confirmLabel: t(`admin_console.users.${action}`),
    danger,
    onConfirm,
  });
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-testid={`user-${user.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography id={nameId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{user.name}</Typography>
        {user.is_admin && <Chip size="small" color="primary" label={t('admin_console.users.admin')} />}
        {user.disabled && <Chip size="small" color="error" label={t('admin_console.users.disabled')} />}
        <Chip size="small" variant="outlined" color={user.email_verified ? 'success' : 'warning'}
          label={t(user.email_verified ? 'admin_console.users.verified' : 'admin_console.users.unverified')} />
      </Stack>
      <Facts items={[
        [t('admin_console.users.email'), user.email],
        [t('admin_console.users.leagues'), user.leagues.length ? user.leagues.map((league) => league.name).join(', ') : '—'],
        [t('admin_console.users.last_sign_in'), dateOrDash(user.last_sign_in_at)],
        [t('admin_console.users.signed_up'), dateOrDash(user.created_at)],
        ...(user.disabled ? [[t('admin_console.users.disabled_at'), dateOrDash(user.disabled_at)] as [string, string]] : []),
      ]} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {!user.email_verified && (
          <Button size="small" aria-describedby={nameId} onClick={() => void actions.resend(user.id)}>{t('admin_console.users.resend_verification')}</Button>
        )}
        {!user.disabled && (
          <Button size="small" aria-describedby={nameId} onClick={() => void actions.reset(user.id)}>{t('admin_console.users.password_reset')}</Button>
        )}
        {user.disabled ? (
          <Button size="small" aria-describedby={nameId} onClick={() => ask('enable', () => void actions.enable(user.id))}>{t('admin_console.users.enable')}</Button>
        ) : !self && (
          <Button size="small" color="error" aria-describedby={nameId} onClick={() => ask('disable', () => void actions.disable(user.id), true)}>
            {t('admin_console.users.disable')}
          </Button>
        )}
        {user.is_admin ? (
          <Button size="small" color="warning" aria-describedby={nameId} onClick={() => ask('demote', () => void actions.setAdmin(user.id, false), true)}>
            {t('admin_console.users.demote')}
          </Button>
        ) : (
          <Button size="small" aria-describedby={nameId} onClick={() => ask('promote', () => void actions.setAdmin(user.id, true))}>{t('admin_console.users.promote')}</Button>
        )}
      </Box>
    </Paper>
  );
}

/**
 * Users: find someone by name or email and help them: links, access, admin rights. The list follows the search box as
 * one types: the server filters (every user, not only the page on screen) once typing pauses; Enter searches at once.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const paused = useDebouncedValue(typed.trim());
  useEffect(() => { setSearch(paused); setPage(1); }, [paused]);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const { data } = usersEndpoint.useQuery({ query: { ...(search ? { search } : {}), page, per_page: USERS_PER_PAGE } });
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">{t('admin_console.users.title')}</Typography>
      <Box component="form" role="search" sx={{ display: 'flex', maxWidth: 480 }}
        onSubmit={(event) => { event.preventDefault(); setSearch(typed.trim()); setPage(1); }}>
        <TextField type="search" label={t('admin_console.users.search')} value={typed} onChange={(event) => setTyped(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }} fullWidth />
      </Box>
      {data && data.users.length === 0 && <Typography>{t('admin_console.users.none')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data?.users.map((user) => <UserItem key={user.id} user={user} self={user.id === me.id} confirm={setConfirmation} />)}
      </Stack>
      {data && <Pagination page={page} count={pageCount(data)} onChange={setPage} label={t('admin_console.users.pages')} />}
      <AuditList />
      <ConsoleConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Stack>
  );
}
