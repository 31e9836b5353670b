import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { BonusAnswerValue, BonusKind } from '../../../shared/domain/bonusAnswers';
import { api } from '../../api/api';

const teamsOfCompetition = api.endpoints.teamsOfCompetition;

/** The raw text of an answer being typed or picked, by kind. */
type AnswerDraft = string;

/** Draft text -> API answer (null while incomplete). */
export function draftToAnswer(kind: BonusKind, draft: AnswerDraft): BonusAnswerValue | null {
  const text = draft.trim();
  if (!text) return null;
  if (kind === 'team') return Number(text) > 0 ? { team_id: Number(text) } : null;
  if (kind === 'number') return /^\d+$/.test(text) ? { number: Number(text) } : null;
  if (kind === 'person') return { person_name: text };
  return { choice: draft };
}

export function answerToDraft(answer: BonusAnswerValue | null): AnswerDraft {
  if (!answer) return '';
  if ('team_id' in answer) return String(answer.team_id);
  if ('number' in answer) return String(answer.number);
  if ('person_name' in answer) return answer.person_name;
  return answer.choice;
}

/** An answer as text, with team names. */
export function useAnswerText(competitionId: number) {
  const { data: teams } = teamsOfCompetition.useQuery({ params: { id: competitionId } });
  return (answer: BonusAnswerValue | null): string => {
    if (!answer) return '—';
    if ('team_id' in answer) return teams?.find((team) => team.id === answer.team_id)?.team_name ?? `#${answer.team_id}`;
    if ('number' in answer) return String(answer.number);
    if ('person_name' in answer) return answer.person_name;
    return answer.choice;
  };
}

/** The field an answer of this kind is typed or picked in. */
export function AnswerInput(props: {
  kind: BonusKind; choices: string[] | null; competitionId: number; label: string; value: AnswerDraft; onChange: (value: AnswerDraft) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { data: teams } = teamsOfCompetition.useQuery({ params: { id: props.competitionId } }, { skip: props.kind !== 'team' });
  const common = { label: props.label, value: props.value, disabled: props.disabled, size: 'small' as const, fullWidth: true };
  if (props.kind === 'team' || props.kind === 'choice') {
    const options = props.kind === 'team'
      ? [...(teams ?? [])].sort((a, b) => a.team_name.localeCompare(b.team_name)).map((team) => ({ value: String(team.id), label: team.team_name }))
      : (props.choices ?? []).map((choice) => ({ value: choice, label: choice }));
    return (
      <TextField select {...common} onChange={(event) => props.onChange(event.target.value)}>
        <MenuItem value=""><em>{t('bonus.pick')}</em></MenuItem>
        {options.map((option) => <MenuItem key={option.value} value={option.value}>{option.label}</MenuItem>)}
      </TextField>
    );
  }
  return (
    <TextField {...common} onChange={(event) => props.onChange(event.target.value)}
      slotProps={{ htmlInput: props.kind === 'number' ? { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } : { maxLength: 100 } }} />
  );
}
