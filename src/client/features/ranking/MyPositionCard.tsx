import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../api/api';
import { currentLocale } from '../../lib/i18n/i18n';
import { formatCount, formatOrdinal, formatPercent } from '../../lib/i18n/numbers';
import { MainLeagueSelect } from './MainLeagueSelect';
import { RankingRows, RankingTable } from './RankingTable';

const rankingMe = api.endpoints.competitionRankingMe;

type Me = NonNullable<ReturnType<typeof rankingMe.useQuery>['data']>;

/** Where the player stands, or why they are not in the ranking (opted out, no scored bet, no league). */
function Standing({ me, ownId }: { me: Me; ownId: number | null }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (me.hidden) {
    return (
      <Box data-testid="ranking-hidden">
        <Typography>{t('ranking.hidden')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('ranking.hidden_how')}{' '}
          <Link component={RouterLink} to="/users/edit">{t('ranking.account_settings')}</Link>
        </Typography>
      </Box>
    );
  }
  if (!me.ranked || me.position === null) {
    return <Typography>{me.leagues.length ? t('ranking.not_ranked') : t('ranking.not_playing')}</Typography>;
  }
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2 }}>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
          {t('ranking.position_of', { position: formatOrdinal(me.position, locale), total: formatCount(me.total_players, locale) })}
        </Typography>
        {me.top_percent !== null && (
          <Typography variant="h3" component="p" color="primary">{t('ranking.top', { percent: formatPercent(me.top_percent, locale) })}</Typography>
        )}
      </Box>
      <Typography color="text.secondary">{t('ranking.points_count', { count: me.points ?? 0, points: formatCount(me.points ?? 0, locale) })}</Typography>
      <Box sx={{ overflowX: 'auto', mt: 1 }}>
        <RankingTable label={t('ranking.around_label')}><RankingRows rows={me.rows} ownId={ownId} /></RankingTable>
      </Box>
    </>
  );
}

/** The player's place in the overall ranking, the rows around it, and the choice of the league that counts. */
export function MyPositionCard({ competitionId, ownId }: { competitionId: number; ownId: number | null }) {
  const { t } = useTranslation();
  const { data: me, isError } = rankingMe.useQuery({ params: { id: competitionId } });
  return (
    <Card component="section" aria-labelledby="my-position-title">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="my-position-title" variant="h2" component="h2">{t('ranking.my_position')}</Typography>
        {!me && (isError ? <Typography color="text.secondary">{t('errors.generic')}</Typography> : <Skeleton variant="rounded" height={120} />)}
        {me && <Standing me={me} ownId={ownId} />}
        {me && me.leagues.length > 1 && <MainLeagueSelect competitionId={competitionId} mainLeague={me.main_league} leagues={me.leagues} />}
      </CardContent>
    </Card>
  );
}
