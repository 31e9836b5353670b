import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Match } from '../../../shared/api/entities';
import { api } from '../../api/api';
import { useMatchdayName } from '../../api/matchdayNames';
import { useSession } from '../../api/session';

const matchShow = api.endpoints.matchShow;
const competitionTeams = api.endpoints.teamsOfCompetition;
const matchUpdate = api.endpoints.matchUpdate;
const recountPoints = api.endpoints.updateCompetitionPoints;

export const MATCH_STATUSES = ['scheduled', 'in_play', 'finished', 'postponed', 'cancelled'] as const;
const GOAL_FIELDS = ['local_goals', 'visiting_goals', 'local_goals_extra_time', 'visiting_goals_extra_time', 'local_penalties', 'visiting_penalties'] as const;
type GoalField = (typeof GOAL_FIELDS)[number];
type Form = Record<GoalField, string> & { status: string; date: string; local_team_id: string; visiting_team_id: string };

/** The date in the admin's own time zone, as a datetime-local input wants it. */
const toLocalInput = (iso: string): string => {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const formOf = (match: Match): Form => ({
  ...Object.fromEntries(GOAL_FIELDS.map((field) => [field, match[field] === null ? '' : String(match[field])])) as Record<GoalField, string>,
  status: match.status, date: toLocalInput(match.date),
  local_team_id: match.local_team_id ? String(match.local_team_id) : '', visiting_team_id: match.visiting_team_id ? String(match.visiting_team_id) : '',
});

/** What the PUT sends: blank goals are null (not played), teams may stay unknown. */
export function matchEditOf(form: Form) {
  const goals = (value: string) => (value.trim() === '' ? null : Number(value));
  return {
    ...Object.fromEntries(GOAL_FIELDS.map((field) => [field, goals(form[field])])) as Record<GoalField, number | null>,
    // The shared MatchStatus union is built with .map, so TypeScript cannot name its members: checked by the server.
    status: form.status as never,
    date: new Date(form.date).toISOString(),
    local_team_id: form.local_team_id ? Number(form.local_team_id) : null,
    visiting_team_id: form.visiting_team_id ? Number(form.visiting_team_id) : null,
  };
}

/** A global admin corrects a match by hand (PUT matches/{id}); points are recomputed by the server. */
export default function MatchEditScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const matchId = Number(useParams().matchId);
  const valid = Number.isInteger(matchId) && matchId > 0 && isAdmin;
  const { data: match, isError } = matchShow.useQuery(valid ? { params: { id: matchId } } : skipToken);
  const { data: teams = [], isLoading: teamsLoading } = competitionTeams.useQuery(match ? { params: { id: match.competition_id } } : skipToken);
  const matchdayName = useMatchdayName(match?.competition_id);
  const [save, saving] = matchUpdate.useMutation();
  const [recount, recounting] = recountPoints.useMutation();
  const [form, setForm] = useState<Form | null>(null);
  const [invalid, setInvalid] = useState<Partial<Record<GoalField, boolean>>>({});

  useEffect(() => { if (match) setForm(formOf(match)); }, [match]);

  if (!isAdmin) return <Typography variant="h1" component="h1">{t('errors.pages.not_allowed')}</Typography>;
  if (isError) return <Typography variant="h1" component="h1">{t('errors.pages.not_found')}</Typography>;
  if (!match || !form || teamsLoading) return <Typography variant="h1" component="h1">{t('admin.edit_match')}</Typography>;

  const set = (field: keyof Form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  const submit = async () => {
    const wrong = Object.fromEntries(GOAL_FIELDS.map((field) => [field, form[field].trim() !== '' && !/^\d{1,2}$/.test(form[field].trim())]));
    setInvalid(wrong);
    if (Object.values(wrong).some(Boolean) || !form.date) return;
    await save({ params: { id: match.id }, body: { match: matchEditOf(form) } });
  };
  const teamSelect = (field: 'local_team_id' | 'visiting_team_id') => (
    <TextField select label={t(`admin.${field}`)} value={form[field]} onChange={set(field)}>
      <MenuItem value="">{t('admin.unknown_team')}</MenuItem>
      {[...teams].sort((a, b) => a.team_name.localeCompare(b.team_name)).map((team) => <MenuItem key={team.id} value={String(team.id)}>{team.team_name}</MenuItem>)}
    </TextField>
  );

  return (
    <Card sx={{ maxWidth: 640, mx: 'auto' }}>
      <CardContent component="form" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Typography variant="h1" component="h1" gutterBottom>{t('admin.edit_match')}</Typography>
        <Typography color="text.secondary">{matchdayName(match.matchday)} · #{match.id}</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
          {teamSelect('local_team_id')}
          {teamSelect('visiting_team_id')}
          {GOAL_FIELDS.map((field) => (
            <TextField key={field} label={t(`admin.${field}`)} value={form[field]} onChange={set(field)} error={!!invalid[field]}
              helperText={invalid[field] ? t('validation.not_an_integer') : undefined} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          ))}
          <TextField select label={t('admin.status')} value={form.status} onChange={set('status')}>
            {MATCH_STATUSES.map((status) => <MenuItem key={status} value={status}>{t(`admin.statuses.${status}`)}</MenuItem>)}
          </TextField>
          <TextField type="datetime-local" label={t('admin.date')} value={form.date} onChange={set('date')} slotProps={{ inputLabel: { shrink: true } }} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
          <Button onClick={() => void recount({ params: { id: match.competition_id } })} disabled={recounting.isLoading}>{t('admin.recount_points')}</Button>
          <Button type="submit" variant="contained" disabled={saving.isLoading}>{t('common.save')}</Button>
        </Box>
      </CardContent>
    </Card>
  );
}
