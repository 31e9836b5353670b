import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { Static } from 'typebox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BonusQuestion } from '../../../shared/api/routes/bonusQuestions';
import type { BonusAnswerValue } from '../../../shared/domain/bonusAnswers';
import { api } from '../../api/api';
import { formatDateTime } from '../../lib/i18n/dates';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { AnswerInput, answerToDraft, draftToAnswer, useAnswerText } from './AnswerInput';
import { RobotMark } from '../../lib/ui/RobotMark';

const answerQuestion = api.endpoints.bonusQuestionAnswer;
const resolveQuestion = api.endpoints.bonusQuestionResolve;
const deleteQuestion = api.endpoints.bonusQuestionDelete;

type Question = Static<typeof BonusQuestion>;

/**
 * One question: the caller's answer while open, everyone's after the deadline; the owner resolves it (also once the
 * competition is finished: questions about the final are only decided then) or, while the league runs, deletes it.
 */
export function QuestionCard({ question, competitionId, owner, member, finished }: {
  question: Question; competitionId: number; owner: boolean; member: boolean; finished: boolean;
}) {
  const { t } = useTranslation();
  const answerText = useAnswerText(competitionId);
  const [draft, setDraft] = useState(answerToDraft(question.my_answer));
  const [correct, setCorrect] = useState<string[]>(question.correct?.map(answerToDraft) ?? ['']);
  const [answer, { isLoading: answering }] = answerQuestion.useMutation();
  const [resolve, { isLoading: resolving }] = resolveQuestion.useMutation();
  const [remove] = deleteQuestion.useMutation();
  const [confirming, setConfirming] = useState(false);
  const choices = question.choices ?? null;
  const mine = draftToAnswer(question.kind, draft);
  const rightAnswers = correct.map((d) => draftToAnswer(question.kind, d)).filter((a): a is BonusAnswerValue => a !== null);
  const titleId = `bonus-question-${question.id}`;

  return (
    <Card component="section" aria-labelledby={titleId} data-testid={titleId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography id={titleId} variant="h3" component="h3" sx={{ flex: '1 1 14rem', fontSize: '1.1rem' }}>{question.text}</Typography>
          <Chip size="small" label={t('bonus.points_n', { count: question.points })} />
          <Chip size="small" color={question.resolved ? 'success' : question.open ? 'primary' : 'default'}
            label={question.resolved ? t('bonus.resolved') : question.open ? t('bonus.open_until', { date: formatDateTime(question.deadline) }) : t('bonus.closed')} />
        </Box>

        {question.open && member && (
          <Box component="form" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            onSubmit={(event) => {
              event.preventDefault();
              if (mine) void answer({ body: { question_id: question.id, answer: mine } });
            }}>
            <Box sx={{ flex: '1 1 12rem' }}>
              <AnswerInput kind={question.kind} choices={choices} competitionId={competitionId} label={t('bonus.your_answer')} value={draft} onChange={setDraft} />
            </Box>
            <Button type="submit" variant="contained" disabled={!mine || answering}>{t('bonus.save_answer')}</Button>
          </Box>
        )}
        {!question.open && (
          <Typography variant="body2">{t('bonus.your_answer')}: <strong>{answerText(question.my_answer)}</strong>
            {question.my_points !== null && ` · ${t('bonus.points_n', { count: question.my_points })}`}</Typography>
        )}
        {question.resolved && (
          <Typography variant="body2">{t('bonus.correct')}: <strong>{(question.correct ?? []).map(answerText).join(', ')}</strong></Typography>
        )}
        {!question.open && question.answers.length > 0 && (
          <List dense aria-label={t('bonus.answers')} disablePadding>
            {question.answers.map((a) => (
              <ListItem key={a.user_id} disableGutters sx={{ display: 'flex', gap: 1 }}>
                <Typography variant="body2" sx={{ flex: 1 }}>{a.user_name}</Typography>
                <Typography variant="body2">{answerText(a.answer)}</Typography>
                {a.bot && <RobotMark />}
                {a.points !== null && <Typography variant="body2" sx={{ minWidth: '3rem', textAlign: 'right', fontWeight: 600 }}>{a.points}</Typography>}
              </ListItem>
            ))}
          </List>
        )}

        {owner && !question.open && (
          <Box component="form" sx={{ display: 'grid', gap: 1 }} aria-label={t('bonus.resolve')}
            onSubmit={(event) => {
              event.preventDefault();
              if (rightAnswers.length) void resolve({ body: { question_id: question.id, correct: rightAnswers } });
            }}>
            {correct.map((value, index) => (
              <AnswerInput key={index} kind={question.kind} choices={choices} competitionId={competitionId}
                label={t('bonus.correct_n', { n: index + 1 })} value={value}
                onChange={(next) => setCorrect(correct.map((c, i) => (i === index ? next : c)))} />
            ))}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {correct.length < 20 && <Button onClick={() => setCorrect([...correct, ''])}>{t('bonus.another_correct')}</Button>}
              <Button type="submit" variant="contained" disabled={rightAnswers.length === 0 || resolving}>
                {question.resolved ? t('bonus.resolve_again') : t('bonus.resolve')}
              </Button>
            </Box>
          </Box>
        )}
        {owner && !finished && (
          <Box>
            <Button color="error" size="small" onClick={() => setConfirming(true)}>{t('bonus.delete')}</Button>
            <ConfirmDialog open={confirming} title={t('bonus.delete')} text={t('bonus.delete_confirm')} confirmLabel={t('bonus.delete')}
              onClose={() => setConfirming(false)}
              onConfirm={() => { setConfirming(false); void remove({ params: { id: question.id } }); }} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
