import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import SaveIcon from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../../shared/api/entities';
import { api } from '../../../api/api';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';

const members = api.endpoints.leaguesUsers;
const updateDepartment = api.endpoints.leagueUpdateDepartment;
const removeUser = api.endpoints.leagueRemoveUser;

function DepartmentField({ leagueId, userId, name, department }: { leagueId: number; userId: number; name: string; department: string | null }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(department ?? '');
  const [save, { isLoading }] = updateDepartment.useMutation();
  const changed = value.trim() !== (department ?? '');
  const submit = async () => {
    await save({ body: { league_id: leagueId, user_id: userId, department: value.trim() || null } });
  };
  return (
    <Box component="form" onSubmit={(event) => { event.preventDefault(); if (changed) void submit(); }} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <TextField label={t('admin_league.department')} value={value} onChange={(event) => setValue(event.target.value)} margin="none"
        slotProps={{ htmlInput: { maxLength: 100, 'aria-label': t('admin_league.department_of', { name }) } }} sx={{ width: 150 }} />
      <IconButton type="submit" disabled={!changed || isLoading} aria-label={t('admin_league.save_department', { name })}><SaveIcon /></IconButton>
    </Box>
  );
}

/** Members in joining order with their departments; the owner may set anyone's and remove members. */
export function MembersCard({ league, userId }: { league: League; userId: number | null }) {
  const { t } = useTranslation();
  const { data = [] } = members.useQuery({ params: { id: league.id } });
  const [remove] = removeUser.useMutation();
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const owner = league.owner_id === userId;

  const confirmRemove = async () => {
    if (!removing) return;
    const target = removing;
    setRemoving(null);
    await remove({ params: { league_id: league.id, user_id: target.id } });
  };

  return (
    <Card component="section" aria-labelledby="members-title">
      <CardContent>
        <Typography id="members-title" variant="h2" component="h2">{t('admin_league.members', { count: data.length })}</Typography>
        <List aria-labelledby="members-title">
          {data.map((member) => (
            <ListItem key={member.user_id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={member.user_name} secondary={member.is_owner ? t('admin_league.owner') : owner ? null : member.department} sx={{ flex: '1 1 8rem' }} />
              {(owner || member.user_id === userId) && <DepartmentField leagueId={league.id} userId={member.user_id} name={member.user_name} department={member.department} />}
              {owner && member.user_id !== userId && (
                <IconButton color="error" onClick={() => setRemoving({ id: member.user_id, name: member.user_name })} aria-label={t('admin_league.remove', { name: member.user_name })}>
                  <PersonRemoveIcon />
                </IconButton>
              )}
            </ListItem>
          ))}
        </List>
      </CardContent>
      <ConfirmDialog open={!!removing} title={t('admin_league.remove', { name: removing?.name ?? '' })} text={t('admin_league.remove_confirm', { name: removing?.name ?? '' })}
        confirmLabel={t('admin_league.remove_button')} onConfirm={() => void confirmRemove()} onClose={() => setRemoving(null)} />
    </Card>
  );
}
