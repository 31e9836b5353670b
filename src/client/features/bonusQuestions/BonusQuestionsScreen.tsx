import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { api } from '../../api/api';
import { useLeagueOf } from '../../api/store/entityHooks';
import { useSession } from '../../api/session';
import { NewQuestionCard } from './NewQuestionCard';
import { QuestionCard } from './QuestionCard';

const leagueShow = api.endpoints.leagueShow;
const questionsIndex = api.endpoints.bonusQuestionsIndex;

/** A league's bonus questions: members answer, the owner asks and resolves. */
export default function BonusQuestionsScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const leagueId = Number(useParams().leagueId);
  const valid = Number.isInteger(leagueId) && leagueId > 0;
  const { data: leagueAnswer, isError } = leagueShow.useQuery(valid ? { params: { id: leagueId } } : skipToken);
  const league = useLeagueOf(leagueAnswer);
  const { data: questions } = questionsIndex.useQuery(valid && league?.is_member ? { params: { league_id: leagueId } } : skipToken);

  if (!valid || isError) return <Typography variant="h1" component="h1">{t('errors.messages.league_not_found')}</Typography>;
  if (!league) return <Skeleton variant="rounded" height={300} />;
  const owner = league.owner_id === user.id;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900, mx: 'auto', width: '100%' }}>
      <Box>
        <Typography variant="h1" component="h1">{t('bonus.title')}</Typography>
        <Typography color="text.secondary">
          <Box component={RouterLink} to={`/leagues/${league.id}`} sx={{ color: 'primary.main' }}>{league.name}</Box> · {t('bonus.intro')}
        </Typography>
      </Box>
      {owner && !league.finished && <NewQuestionCard leagueId={league.id} />}
      {questions === undefined && league.is_member && <Skeleton height={120} />}
      {questions?.length === 0 && <Typography color="text.secondary">{t('bonus.none')}</Typography>}
      {questions?.map((question) => (
        <QuestionCard key={`${question.id}:${question.resolved ? 1 : 0}`} question={question} competitionId={league.competition.id} owner={owner}
          member={league.is_member && !league.finished} finished={league.finished} />
      ))}
    </Box>
  );
}
