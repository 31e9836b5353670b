import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LEAGUE_DESCRIPTION_MAX_LENGTH, type LeagueSettings } from '../../../../shared/api/entities';
import { EDITABLE_AFTER_START } from '../../../../shared/api/routes/leagues';
import { DEFAULT_BET_DEADLINE_MINUTES, defaultLockBy } from '../../../../shared/domain/deadlines';
import { NO_JOKERS, SCORING_PRESETS } from '../../../../shared/domain/scoring';
import { api } from '../../../api/api';
import { useAppDispatch } from '../../../api/store/hooks';
import { fieldErrors } from '../../../lib/forms/formErrors';
import { showToast } from '../../../lib/notifications/notify';
import { ScoringFields } from '../scoring/ScoringFields';
import { WeightFields } from '../scoring/WeightFields';
import { TieBreaksField } from './TieBreaksField';
import { JUST_CREATED } from './LeagueCreatedDialog';
import { NewLeagueQuestions } from './NewLeagueQuestions';
import { BotsChoice } from './BotsChoice';
import { draftsValid, emptyDraft, questionBody, type QuestionDraft } from './newLeagueQuestionDrafts';

const activeCompetitions = api.endpoints.competitionActive;
const competitionTeams = api.endpoints.teamsOfCompetition;
const matchInfo = api.endpoints.matchInfo;
const leagueShow = api.endpoints.leagueShow;
const createLeague = api.endpoints.leagueCreate;
const updateLeague = api.endpoints.leagueUpdate;

type Form = LeagueSettings;
type Toggle = 'playoff_results_points' | 'round_bets_enabled' | 'person_bets_enabled' | 'allow_invite' | 'allow_join' | 'editable_after_start'
  | 'late_entry_after_result' | 'head_to_head';
const TOGGLES: Toggle[] = ['playoff_results_points', 'round_bets_enabled', 'person_bets_enabled', 'allow_invite', 'allow_join', 'editable_after_start',
  'late_entry_after_result', 'head_to_head'];

/** The defaults for a new league (lock_by follows the competition chosen). */
export const NEW_LEAGUE: Form = {
  name: '', description: null, competition_id: 0, selected_team_ids: [], bets_system: 'exact', points_system: 'winner_and_goals',
  playoff_results_points: true, round_bets_enabled: true, person_bets_enabled: true, allow_invite: true, allow_join: false,
  editable_after_start: false, late_entry_after_result: false, head_to_head: false, bots: 'marked', start_matchday: 1, knockout_basis: 'regular', tie_breaks: [],
  scoring: SCORING_PRESETS.classic, round_multipliers: [], jokers: NO_JOKERS, bet_deadline_minutes: DEFAULT_BET_DEADLINE_MINUTES, lock_by: 'match',
};

/** What a league that has started may still change: the rest would rescore bets already played. */
const stillEditable = (form: Form): Partial<Form> => Object.fromEntries(EDITABLE_AFTER_START.map((key) => [key, form[key]]));
const editableAfterStart = (key: keyof Form) => (EDITABLE_AFTER_START as readonly string[]).includes(key);

/** Frozen settings keep their help text readable (disabled text is too faint to read, and fails contrast). */
const READABLE_WHEN_DISABLED = {
  '& .MuiFormHelperText-root.Mui-disabled, & .MuiFormLabel-root.Mui-disabled, & .MuiFormControlLabel-label.Mui-disabled, & .MuiInputLabel-root.Mui-disabled':
    { color: 'text.secondary' },
} as const;

const settingsOf = (league: Form): Form => ({
  name: league.name, description: league.description, competition_id: league.competition_id, selected_team_ids: league.selected_team_ids, bets_system: league.bets_system,
  points_system: league.points_system, playoff_results_points: league.playoff_results_points, round_bets_enabled: league.round_bets_enabled,
  person_bets_enabled: league.person_bets_enabled, allow_invite: league.allow_invite, allow_join: league.allow_join,
  editable_after_start: league.editable_after_start, late_entry_after_result: league.late_entry_after_result, head_to_head: league.head_to_head, bots: league.bots, start_matchday: league.start_matchday, knockout_basis: league.knockout_basis,
  tie_breaks: league.tie_breaks ?? [], scoring: league.scoring, round_multipliers: league.round_multipliers, jokers: league.jokers,
  bet_deadline_minutes: league.bet_deadline_minutes, lock_by: league.lock_by,
});

function Choice<T extends string>({ name, value, options, onChange, disabled }: { name: string; value: T; options: readonly T[]; onChange: (value: T) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <FormControl disabled={disabled} sx={{ mt: 2 }}>
      <FormLabel id={`${name}-label`}>{t(`league_form.${name}`)}</FormLabel>
      <RadioGroup row aria-labelledby={`${name}-label`} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => <FormControlLabel key={option} value={option} control={<Radio />} label={t(`league_form.${name}_options.${option}`)} />)}
      </RadioGroup>
      <FormHelperText>{t(`league_form.help.${name}`)}</FormHelperText>
    </FormControl>
  );
}

/** New league and edit league: every setting with its help text. */
export default function LeagueFormScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const leagueId = Number(useParams().leagueId) || null;
  const editing = leagueId !== null;
  const { data: competitions = [] } = activeCompetitions.useQuery();
  const { data: league } = leagueShow.useQuery(leagueId ? { params: { id: leagueId } } : skipToken);
  const [form, setForm] = useState<Form>(NEW_LEAGUE);
  const [nameError, setNameError] = useState<string | undefined>();
  const [questions, setQuestions] = useState<QuestionDraft[]>([]);
  const [checkQuestions, setCheckQuestions] = useState(false);
  const [create, creation] = createLeague.useMutation();
  const [update, updating] = updateLeague.useMutation();
  const competitionId = form.competition_id;
  const { data: teams = [] } = competitionTeams.useQuery(competitionId ? { params: { id: competitionId } } : skipToken);
  const { data: info } = matchInfo.useQuery(competitionId ? { params: { id: competitionId } } : skipToken);
  const competition = competitions.find((item) => item.id === competitionId) ?? (league && league.competition.id === competitionId ? league.competition : undefined);

  useEffect(() => { if (league) setForm(settingsOf(league)); }, [league]);
  useEffect(() => {
    if (!editing && !form.competition_id && competitions.length) setForm((was) => ({ ...was, competition_id: competitions[0].id }));
  }, [editing, competitions, form.competition_id]);
  // A new league locks like today by default: cups by match, league competitions by matchday.
  const isLeague = !!competition?.is_league;
  useEffect(() => { if (!editing) setForm((was) => ({ ...was, lock_by: defaultLockBy({ is_league: isLeague }) })); }, [editing, isLeague]);

  // After the first kickoff the scoring settings are frozen; the name, invitations, joining and bots stay open.
  const frozen = editing && !!league && !league.editable;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((was) => ({ ...was, [key]: value }));
  const serverError = (field: string) => fieldErrors(creation.error ?? updating.error, field) ?? fieldErrors(creation.error ?? updating.error, `league.${field}`);

  const submit = async () => {
    const name = form.name.trim();
    if (!name) { setNameError(t('validation.blank')); return; }
    setNameError(undefined);
    setCheckQuestions(true);
    if (!draftsValid(questions)) { showToast(dispatch, 'error', t('league_form.questions_problem')); return; }
    const settings = { ...form, name };
    const result = editing
      ? await update({ params: { id: leagueId }, body: { league: frozen ? { ...stillEditable(form), name } : settings } })
      : await create({ body: { league: settings, ...(questions.length > 0 && { bonus_questions: questions.map(questionBody) }) } });
    if ('error' in result && result.error) return;
    const saved = result.data!;
    // A new league opens with its share link and an invitation form offered at once.
    navigate(`/leagues/${saved.league.id}`, editing ? undefined : { state: JUST_CREATED });
  };

  if (editing && !league) return <Typography variant="h1" component="h1">{t('titles.edit_league')}</Typography>;

  return (
    <Card sx={{ maxWidth: 760, mx: 'auto', ...READABLE_WHEN_DISABLED }}>
      <CardContent component="form" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Typography variant="h1" component="h1" gutterBottom>{editing ? t('titles.edit_league') : t('titles.new_league')}</Typography>
        {frozen && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="frozen-settings">
            <AlertTitle>{t('league_form.frozen_title')}</AlertTitle>
            {t('league_form.frozen')}
          </Alert>
        )}
        <TextField label={t('league_form.name')} value={form.name} onChange={(event) => set('name', event.target.value)}
          required error={!!(nameError ?? serverError('name'))} helperText={nameError ?? serverError('name') ?? t('league_form.help.name')} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField label={t('league_form.description')} value={form.description ?? ''} onChange={(event) => set('description', event.target.value)}
          multiline minRows={2} error={!!serverError('description')} helperText={serverError('description') ?? t('league_form.help.description', { count: LEAGUE_DESCRIPTION_MAX_LENGTH })}
          slotProps={{ htmlInput: { maxLength: LEAGUE_DESCRIPTION_MAX_LENGTH } }} />
        <TextField select label={t('league_form.competition')} value={competitionId || ''} disabled={editing}
          onChange={(event) => setForm((was) => ({ ...was, competition_id: Number(event.target.value), selected_team_ids: [] }))}
          helperText={t('league_form.help.competition')}>
          {competitions.map((item) => <MenuItem key={item.id} value={item.id}>{item.name}</MenuItem>)}
          {league && !competitions.some((item) => item.id === league.competition.id) && <MenuItem value={league.competition.id}>{league.competition.name}</MenuItem>}
        </TextField>
        <Autocomplete multiple disabled={frozen} options={teams} getOptionLabel={(team) => team.team_name}
          value={teams.filter((team) => form.selected_team_ids.includes(team.id))}
          onChange={(_event, chosen) => set('selected_team_ids', chosen.map((team) => team.id))}
          renderInput={(params) => <TextField {...params} label={t('league_form.selected_teams')} helperText={t('league_form.help.selected_teams')} />} />
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <Choice name="bets_system" value={form.bets_system} options={['exact', 'sign', 'disabled'] as const} onChange={(value) => set('bets_system', value)} disabled={frozen} />
          <ScoringFields form={form} onChange={(scoring) => set('scoring', scoring)} disabled={frozen} />
          <Choice name="knockout_basis" value={form.knockout_basis} options={['regular', 'extra_time', 'penalties'] as const} onChange={(value) => set('knockout_basis', value)} disabled={frozen} />
          <WeightFields form={form} onChange={(changes) => setForm((was) => ({ ...was, ...changes }))} isLeague={isLeague} disabled={frozen} />
          <TieBreaksField value={form.tie_breaks} onChange={(value) => set('tie_breaks', value)} disabled={frozen} />
          {competition?.is_league && (
            <TextField select label={t('league_form.start_matchday')} value={form.start_matchday} disabled={frozen}
              onChange={(event) => set('start_matchday', Number(event.target.value))} helperText={t('league_form.help.start_matchday')}>
              {(info?.matchdays.length ? info.matchdays : [form.start_matchday]).map((day) => <MenuItem key={day} value={day}>{t('table.matchday_n', { matchday: day })}</MenuItem>)}
            </TextField>
          )}
          {TOGGLES.map((toggle) => (
            <FormControl key={toggle} sx={{ mt: 1 }}>
              <FormControlLabel control={<Switch checked={form[toggle]} onChange={(event) => set(toggle, event.target.checked)} disabled={frozen && !editableAfterStart(toggle)} />} label={t(`league_form.${toggle}`)} />
              <FormHelperText sx={{ mt: -0.5 }}>{t(`league_form.help.${toggle}`)}</FormHelperText>
            </FormControl>
          ))}
          <BotsChoice value={form.bots} onChange={(value) => set('bots', value)} />
          {!editing && (
            <NewLeagueQuestions drafts={questions} onChange={setQuestions} showProblems={checkQuestions}
              serverError={(field) => fieldErrors(creation.error, field)} newDraft={() => emptyDraft(Math.max(0, ...questions.map((draft) => draft.key)) + 1, Date.now())} />
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={creation.isLoading || updating.isLoading || !competitionId}>
            {editing ? t('common.save') : t('league_form.create')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
