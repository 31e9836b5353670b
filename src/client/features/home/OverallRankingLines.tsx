import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../api/api';
import { currentLocale } from '../../lib/i18n/i18n';
import { formatCount, formatOrdinal, formatPercent } from '../../lib/i18n/numbers';

const rankingMe = api.endpoints.competitionRankingMe;

interface RankedCompetition { id: number; name: string }

/**
 * "You are 1,234th of 5,000,000: top 1%" for one competition, linking to its overall ranking; a short hint until
 * the player's first scored bet, nothing when they opted out or the read failed (home reads fail silently).
 */
function OverallRankingLine({ competition }: { competition: RankedCompetition }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { data: me } = rankingMe.useQuery({ params: { id: competition.id } });
  if (!me || me.hidden || (!me.ranked && !me.leagues.length)) return null;
  const figures = me.ranked && me.position !== null && me.top_percent !== null
    ? { position: formatOrdinal(me.position, locale), total: formatCount(me.total_players, locale), percent: formatPercent(me.top_percent, locale) }
    : null;
  return (
    <Card variant="outlined" data-testid={`overall-ranking-line-${competition.id}`}>
      <CardActionArea component={RouterLink} to={`/competitions/${competition.id}/ranking`}
        sx={{ display: 'flex', justifyContent: 'flex-start', alignItems: 'center', gap: 1.5, px: 2, py: 1.25 }}>
        <LeaderboardIcon color="primary" aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: figures ? 700 : 400 }}>{figures ? t('ranking.you_are', figures) : t('ranking.home_not_ranked')}</Typography>
          <Typography variant="body2" color="text.secondary" noWrap>{`${competition.name} · ${t('ranking.title')}`}</Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** The player's place in the overall ranking of each competition of their current leagues. */
export function OverallRankingLines({ competitions }: { competitions: readonly RankedCompetition[] }) {
  if (!competitions.length) return null;
  // No landmark of its own: each line is a link that says what it is, and a player who opted out has none.
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {competitions.map((competition) => <OverallRankingLine key={competition.id} competition={competition} />)}
    </Box>
  );
}
