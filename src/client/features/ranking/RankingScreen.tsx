import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../api/api';
import { selectCompetitionById } from '../../api/entities/competitionsSlice';
import { useSession } from '../../api/session';
import { useAppSelector } from '../../api/store/hooks';
import { MyPositionCard } from './MyPositionCard';
import { RankingList } from './RankingList';

const competitionShow = api.endpoints.competitionShow;

/**
 * A competition's overall ranking: everybody who plays it, once each, on one scale. The player's own place first,
 * then the whole ranking a page at a time, or searched by name.
 */
export default function RankingScreen() {
  const { t } = useTranslation();
  const competitionId = Number(useParams().competitionId);
  const { user } = useSession();
  const valid = Number.isInteger(competitionId) && competitionId > 0;
  // The competitions read at start-up name it; a competition they do not hold (archived since) is read on its own.
  const known = useAppSelector((state) => (valid ? selectCompetitionById(state, competitionId) : undefined));
  const { isError } = competitionShow.useQuery(valid && !known ? { params: { id: competitionId } } : skipToken);

  if (!valid || (!known && isError)) return <Typography variant="h1" component="h1">{t('errors.messages.competition_not_found')}</Typography>;
  if (!known) return <Skeleton variant="rounded" height={300} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960, width: '100%', mx: 'auto' }}>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary">{t('ranking.title')}</Typography>
        <Typography variant="h1" component="h1">{known.name}</Typography>
        <Typography color="text.secondary">{t('ranking.intro')}</Typography>
      </Box>
      <MyPositionCard competitionId={competitionId} ownId={user.id} />
      <RankingList key={competitionId} competitionId={competitionId} competitionName={known.name} ownId={user.id} />
    </Box>
  );
}
