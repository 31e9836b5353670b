import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POST_MAX_LENGTH } from '../../../shared/api/routes/leagueBoard';
import type { BoardMatch } from './boardMatches';

interface Props {
  /** The field's label: a new post, a reply or an edit. */
  label: string;
  submitLabel: string;
  initialText?: string;
  /** Matches a new post may be about (none: no choice offered). */
  matches?: BoardMatch[];
  busy: boolean;
  /** Resolves true when the text was taken (the field then empties). */
  onSubmit: (text: string, matchId: number | null) => Promise<boolean>;
  onCancel?: () => void;
}

/** Writes a post as plain text, with a counter up to the longest post; nothing but text is sent. */
export function PostComposer({ label, submitLabel, initialText = '', matches = [], busy, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const [matchId, setMatchId] = useState<number | ''>('');
  const length = [...text.trim()].length;
  const over = length - POST_MAX_LENGTH;

  const submit = async () => {
    if (length === 0 || over > 0) return;
    if (await onSubmit(text, matchId === '' ? null : matchId)) { setText(''); setMatchId(''); }
  };

  return (
    <Stack component="form" spacing={1} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <TextField
        label={label} value={text} onChange={(event) => setText(event.target.value)} multiline minRows={2} maxRows={8} fullWidth
        error={over > 0} helperText={over > 0 ? t('board.too_long', { count: over }) : t('board.counter', { count: length, max: POST_MAX_LENGTH })}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {matches.length > 0 && (
          <TextField
            select size="small" label={t('board.match_label')} value={matchId} sx={{ flex: '1 1 14rem', minWidth: 0 }}
            onChange={(event) => setMatchId(event.target.value === '' ? '' : Number(event.target.value))}
          >
            <MenuItem value="">{t('board.no_match')}</MenuItem>
            {matches.map((match) => <MenuItem key={match.id} value={match.id}>{match.label}</MenuItem>)}
          </TextField>
        )}
        <Button type="submit" variant="contained" disabled={busy || length === 0 || over > 0}>{submitLabel}</Button>
        {onCancel && <Button onClick={onCancel}>{t('board.cancel')}</Button>}
      </Stack>
    </Stack>
  );
}
