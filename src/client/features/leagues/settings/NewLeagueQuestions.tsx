import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAX_NEW_LEAGUE_QUESTIONS } from '../../../../shared/api/routes/leagues';
import type { BonusKind } from '../../../../shared/domain/bonusAnswers';
import { questionProblems, type QuestionDraft } from './newLeagueQuestionDrafts';

const KINDS: BonusKind[] = ['team', 'person', 'number', 'choice'];

interface Props {
  drafts: QuestionDraft[];
  onChange: (drafts: QuestionDraft[]) => void;
  /** After a try to create: each draft's problems are shown, the server's first. */
  showProblems: boolean;
  serverError: (field: string) => string | undefined;
  newDraft: () => QuestionDraft;
}

/** Bonus questions asked with the new league: none by default, added one by one, created together with the league. */
export function NewLeagueQuestions({ drafts, onChange, showProblems, serverError, newDraft }: Props) {
  const { t } = useTranslation();
  const change = (index: number, changes: Partial<QuestionDraft>) => onChange(drafts.map((draft, i) => (i === index ? { ...draft, ...changes } : draft)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
      <FormLabel component="legend">{t('bonus.title')}</FormLabel>
      <Typography variant="body2" color="text.secondary">{t('league_form.questions_help')}</Typography>
      {drafts.map((draft, index) => {
        const problems = showProblems ? questionProblems(draft) : {};
        const error = (field: keyof QuestionDraft) => serverError(`bonus_questions.${index}.${field}`) ?? (problems[field] && t(problems[field]!));
        const n = index + 1;
        return (
          <Paper key={draft.key} variant="outlined" sx={{ p: 1.5, mt: 1.5 }} data-testid={`new-question-${n}`}>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography variant="subtitle2" component="p" sx={{ flex: 1 }}>{t('league_form.question_n', { n })}</Typography>
              <IconButton onClick={() => onChange(drafts.filter((_draft, i) => i !== index))} aria-label={t('league_form.remove_question', { n })}>
                <DeleteIcon />
              </IconButton>
            </Box>
            <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
              <TextField label={t('bonus.question')} value={draft.text} onChange={(e) => change(index, { text: e.target.value })} required
                error={!!error('text')} helperText={error('text')} slotProps={{ htmlInput: { maxLength: 300 } }} sx={{ gridColumn: '1 / -1' }} />
              <TextField select label={t('bonus.kind')} value={draft.kind} onChange={(e) => change(index, { kind: e.target.value as BonusKind })}>
                {KINDS.map((kind) => <MenuItem key={kind} value={kind}>{t(`bonus.kinds.${kind}`)}</MenuItem>)}
              </TextField>
              <TextField label={t('bonus.points')} value={draft.points} onChange={(e) => change(index, { points: e.target.value })} type="number"
                error={!!error('points')} helperText={error('points')} slotProps={{ htmlInput: { min: 1, max: 100 } }} />
              {draft.kind === 'choice' && (
                <TextField label={t('bonus.choices')} value={draft.choices} onChange={(e) => change(index, { choices: e.target.value })}
                  multiline minRows={2} error={!!error('choices')} helperText={error('choices') ?? t('bonus.choices_help')} sx={{ gridColumn: '1 / -1' }} />
              )}
              <TextField label={t('bonus.deadline')} type="datetime-local" value={draft.deadline} onChange={(e) => change(index, { deadline: e.target.value })}
                error={!!error('deadline')} helperText={error('deadline')} slotProps={{ inputLabel: { shrink: true } }} />
            </Box>
          </Paper>
        );
      })}
      {drafts.length < MAX_NEW_LEAGUE_QUESTIONS && (
        <Button startIcon={<AddIcon />} onClick={() => onChange([...drafts, newDraft()])} sx={{ mt: 1 }}>{t('league_form.add_question')}</Button>
      )}
    </Box>
  );
}
