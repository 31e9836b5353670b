import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BonusKind } from '../../../shared/domain/bonusAnswers';
import { api } from '../../api/api';

const createQuestion = api.endpoints.bonusQuestionCreate;
const KINDS: BonusKind[] = ['team', 'person', 'number', 'choice'];

/** A local date-time for a datetime-local field, a day from now. */
const tomorrow = () => {
  const date = new Date(Date.now() + 86_400_000);
  date.setMinutes(date.getMinutes() - date.getTimezoneOffset(), 0, 0);
  return date.toISOString().slice(0, 16);
};

/** The owner asks a question: text, kind (with its options for a choice), points and deadline. */
export function NewQuestionCard({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation();
  const [create, { isLoading }] = createQuestion.useMutation();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<BonusKind>('team');
  const [choices, setChoices] = useState('');
  const [points, setPoints] = useState('5');
  const [deadline, setDeadline] = useState(tomorrow);

  const options = choices.split('\n').map((c) => c.trim()).filter(Boolean);
  const valid = text.trim() !== '' && Number(points) >= 1 && Number(points) <= 100 && deadline !== '' && (kind !== 'choice' || options.length >= 2);
  const submit = async () => {
    const result = await create({ body: { league_id: leagueId, question: {
      text: text.trim(), kind, points: Number(points), deadline: new Date(deadline).toISOString(), ...(kind === 'choice' && { choices: options }),
    } } });
    if ('error' in result && result.error) return;
    setText('');
    setChoices('');
  };

  return (
    <Card component="section" aria-labelledby="new-question-title">
      <CardContent>
        <Typography id="new-question-title" variant="h2" component="h2" sx={{ mb: 1 }}>{t('bonus.ask')}</Typography>
        <Box component="form" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}
          onSubmit={(event) => { event.preventDefault(); if (valid) void submit(); }}>
          <TextField label={t('bonus.question')} value={text} onChange={(e) => setText(e.target.value)} required size="small"
            slotProps={{ htmlInput: { maxLength: 300 } }} sx={{ gridColumn: '1 / -1' }} />
          <TextField select label={t('bonus.kind')} value={kind} onChange={(e) => setKind(e.target.value as BonusKind)} size="small">
            {KINDS.map((k) => <MenuItem key={k} value={k}>{t(`bonus.kinds.${k}`)}</MenuItem>)}
          </TextField>
          <TextField label={t('bonus.points')} value={points} onChange={(e) => setPoints(e.target.value)} size="small" type="number"
            slotProps={{ htmlInput: { min: 1, max: 100 } }} />
          {kind === 'choice' && (
            <TextField label={t('bonus.choices')} helperText={t('bonus.choices_help')} value={choices} onChange={(e) => setChoices(e.target.value)}
              multiline minRows={2} size="small" sx={{ gridColumn: '1 / -1' }} />
          )}
          <TextField label={t('bonus.deadline')} type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} size="small"
            slotProps={{ inputLabel: { shrink: true } }} />
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={!valid || isLoading}>{t('bonus.add')}</Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
