import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../../shared/api/entities';
import { ROUNDS } from '../../../../shared/domain/rounds';
import { api } from '../../../api/api';
import { useLocalNames } from '../../../lib/i18n/localNames';
import { RoundName } from '../../../lib/ui/RoundIcon';

const leagueRules = api.endpoints.leagueLeagueRules;
const bonusQuestions = api.endpoints.bonusQuestionsIndex;

const isPersonRound = (roundId: number) => ROUNDS.find((round) => round.id === roundId)?.kind === 'person';

/**
 * The points a member scores besides result bets, which the table adds up in its "Extra points" column: picks of
 * who goes how far, top-scorer picks and bonus questions. Only what this league uses and what is worth points is
 * listed; a league with none of them shows nothing.
 */
export function OtherPointsCard({ league }: { league: League }) {
  const { t } = useTranslation();
  const names = useLocalNames();
  const { data: rules = [] } = leagueRules.useQuery({ params: { id: league.id } });
  const { data: questions = [] } = bonusQuestions.useQuery({ params: { league_id: league.id } });
  const scoring = rules.filter((rule) => rule.points_per_hit > 0 && rule.picks > 0);
  const roundPicks = league.round_bets_enabled ? scoring.filter((rule) => !isPersonRound(rule.round_id)) : [];
  const scorerPicks = league.person_bets_enabled ? scoring.filter((rule) => isPersonRound(rule.round_id)) : [];
  const asked = questions.filter((question) => question.points > 0);
  if (!roundPicks.length && !scorerPicks.length && !asked.length) return null;

  const rule = (item: (typeof scoring)[number]) => (
    <ListItem key={item.id} disableGutters>
      <ListItemText primary={<RoundName roundId={item.round_id}>{names.round(item.round_id)}</RoundName>}
        secondary={t('league_points.picks_rule', { count: item.picks, points: item.points_per_hit })} />
    </ListItem>
  );
  return (
    <Card component="section" aria-labelledby="other-points-title" data-testid="other-points">
      <CardContent>
        <Typography id="other-points-title" variant="h2" component="h2" gutterBottom>{t('league_points.other_title')}</Typography>
        <Typography>{t('league_points.extra_column', { column: t('table.extra') })}</Typography>
        {roundPicks.length > 0 && (
          <>
            <Typography variant="h3" component="h3" sx={{ mt: 2 }}>{t('league_points.round_picks')}</Typography>
            <Typography color="text.secondary">{t('league_points.round_picks_help')}</Typography>
            <List dense>{roundPicks.map(rule)}</List>
          </>
        )}
        {scorerPicks.length > 0 && (
          <>
            <Typography variant="h3" component="h3" sx={{ mt: 2 }}>{t('league_points.scorer_picks')}</Typography>
            <Typography color="text.secondary">{t('league_points.scorer_picks_help')}</Typography>
            <List dense>{scorerPicks.map(rule)}</List>
          </>
        )}
        {asked.length > 0 && (
          <>
            <Typography variant="h3" component="h3" sx={{ mt: 2 }}>{t('league_points.bonus_questions')}</Typography>
            <Typography color="text.secondary">{t('league_points.bonus_questions_help')}</Typography>
            <List dense>
              {asked.map((question) => (
                <ListItem key={question.id} disableGutters>
                  <ListItemText primary={question.text} secondary={t('league_points.question_points', { count: question.points })} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}
