import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_FILE_MAX_BYTES } from '../../../shared/api/routes/adminCompetitions';
import { api } from '../../api/api';
import { errorMessage, PROCESS_RUNNING } from '../../api/baseQuery';
import { importBodyOf, IMPORT_SOURCES, type ImportForm, type ImportSource } from './importForm';

const importCompetition = api.endpoints.adminImportCompetition;

const EMPTY: ImportForm = { source: 'file', url: '', file: null, name: '', time_zone: '', replay: false, shift_to: '', code: '', season: '' };

/** Reads an uploaded file as text (File.text() where the browser has it). */
const readText = (file: File): Promise<string> => (typeof file.text === 'function' ? file.text() : new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error);
  reader.readAsText(file);
}));

/**
 * Imports a competition: an openfootball file or URL, or a football-data.org code. It runs as a tracked
 * process, so the snackbar shows it and a second import while one runs is refused; what it did stays on screen and the
 * form is emptied for the next one.
 */
export function ImportCompetitionForm() {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<ImportForm>(EMPTY);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [run, { data: result, isLoading, reset }] = importCompetition.useMutation();
  const set = <K extends keyof ImportForm>(field: K, value: ImportForm[K]) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async () => {
    setProblem(null);
    reset();
    if (form.source === 'file' && form.file && form.file.size > IMPORT_FILE_MAX_BYTES) {
      setProblem(t('admin_console.import.file_too_large', { max: Math.round(IMPORT_FILE_MAX_BYTES / 1_000_000) }));
      return;
    }
    const built = importBodyOf(form, form.source === 'file' && form.file ? await readText(form.file) : undefined);
    if ('missing' in built) {
      setProblem(t(`admin_console.import.missing.${built.missing}`));
      return;
    }
    const answer = await run({ body: built.body });
    if (answer.error) {
      const error = answer.error as FetchBaseQueryError | { status: typeof PROCESS_RUNNING; error: string };
      setProblem(error.status === PROCESS_RUNNING ? (error as { error: string }).error : errorMessage(error as FetchBaseQueryError));
      return;
    }
    // Done: the fields empty for the next import (the source stays chosen); what it did stays on screen. A failed
    // import keeps them, to be corrected.
    setForm((current) => ({ ...EMPTY, source: current.source }));
    if (fileInput.current) fileInput.current.value = '';
  };

  const openfootball = form.source !== 'football-data';
  return (
    <Card>
      <CardContent component="form" noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Typography id={`${id}-title`} variant="h2" component="h2" gutterBottom>{t('admin_console.import.title')}</Typography>
        <FormControl>
          <FormLabel id={`${id}-source`}>{t('admin_console.import.source')}</FormLabel>
          <RadioGroup row aria-labelledby={`${id}-source`} value={form.source} onChange={(event) => set('source', event.target.value as ImportSource)}>
            {IMPORT_SOURCES.map((source) => (
              <FormControlLabel key={source} value={source} control={<Radio />} label={t(`admin_console.import.sources.${source}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        {form.source === 'file' && (
          <Box sx={{ mt: 1 }}>
            {/* A plain button opens the hidden input's picker: an input inside a label-button is a control nested in a
                control (axe nested-interactive), and keyboard users get one stop. */}
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>{t('admin_console.import.choose_file')}</Button>
            <input ref={fileInput} hidden type="file" accept=".json,application/json" data-testid="import-file"
              onChange={(event) => set('file', event.target.files?.[0] ?? null)} />
            <Typography component="span" sx={{ ml: 1, overflowWrap: 'anywhere' }}>
              {form.file ? form.file.name : t('admin_console.import.no_file')}
            </Typography>
          </Box>
        )}
        {form.source === 'url' && (
          <TextField label={t('admin_console.import.url')} value={form.url} onChange={(event) => set('url', event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'url' } }} />
        )}
        {openfootball ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
            <TextField label={t('admin_console.import.name')} value={form.name} onChange={(event) => set('name', event.target.value)}
              helperText={t('admin_console.import.name_help')} />
            <TextField label={t('admin_console.import.time_zone')} value={form.time_zone} onChange={(event) => set('time_zone', event.target.value)}
              helperText={t('admin_console.import.time_zone_help')} />
            <TextField type="datetime-local" label={t('admin_console.import.shift_to')} value={form.shift_to}
              onChange={(event) => set('shift_to', event.target.value)} helperText={t('admin_console.import.shift_to_help')}
              slotProps={{ inputLabel: { shrink: true } }} />
            <FormControlLabel sx={{ mt: 1 }} label={t('admin_console.import.replay')}
              control={<Switch checked={form.replay} onChange={(event) => set('replay', event.target.checked)} />} />
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
            <TextField label={t('admin_console.import.code')} value={form.code} onChange={(event) => set('code', event.target.value)}
              helperText={t('admin_console.import.code_help')} />
            <TextField label={t('admin_console.import.season')} value={form.season} onChange={(event) => set('season', event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }} helperText={t('admin_console.import.season_help')} />
          </Box>
        )}
        {problem && <Alert severity="error" sx={{ mt: 2 }}>{problem}</Alert>}
        {result && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="import-result">
            {t(result.created ? 'admin_console.import.created' : 'admin_console.import.changed', {
              name: result.competition.name, matches: result.updated_matches, teams: result.teams ?? result.competition.teams,
            })}
            {result.held ? ` ${t('admin_console.import.held', { count: result.held })}` : ''}
          </Alert>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={isLoading}>{t('admin_console.import.submit')}</Button>
        </Box>
      </CardContent>
    </Card>
  );
}
