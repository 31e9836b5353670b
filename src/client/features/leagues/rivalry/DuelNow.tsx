import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Static } from 'typebox';
import type { HeadToHead } from '../../../../shared/api/routes/headToHead';
import type { LeagueTableData } from '../../../lib/ui/tableSort';

type Data = Static<typeof HeadToHead>;

/**
 * The member's duel of the current matchday. Points come from the league table on screen (the provisional one while
 * matches are in play, so the duel moves with the live stream), else from the head-to-head answer.
 */
export function DuelNow({ data, userId, table, provisional, names, matchdayName }: {
  data: Data; userId: number; table: LeagueTableData | undefined; provisional: boolean; names: Map<number, string>;
  matchdayName: (matchday: number) => string;
}) {
  const { t } = useTranslation();
  const day = data.schedule.find((d) => d.matchday === data.current_matchday);
  if (!day) return null;
  const duel = day.duels.find((d) => d.user_ids.includes(userId));
  if (!duel) {
    const playing = day.bye_user_id === userId;
    return <Typography sx={{ mb: 1 }}>{playing ? t('rivalry.bye', { matchday: matchdayName(day.matchday) }) : t('rivalry.not_playing')}</Typography>;
  }
  const me = duel.user_ids[0] === userId ? 0 : 1;
  const them = 1 - me;
  const livePoints = (side: number) => table?.users.find((r) => r.user_id === duel.user_ids[side])?.points_by_matchday[String(day.matchday)];
  const points = [0, 1].map((side) => (duel.decided ? duel.points[side] : livePoints(side) ?? duel.points[side]));
  const outcome = !duel.decided ? null : duel.winner_user_id === null ? 'draw' : duel.winner_user_id === userId ? 'won' : 'lost';
  return (
    <Box data-testid="duel-now" aria-live="polite" sx={{ mb: 2, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3" sx={{ flex: 1 }}>{t('rivalry.your_duel', { matchday: matchdayName(day.matchday) })}</Typography>
        {provisional && !duel.decided && <Chip size="small" color="error" label={t('rivalry.live')} />}
        {outcome && <Chip size="small" color={outcome === 'won' ? 'success' : outcome === 'lost' ? 'default' : 'info'} label={t(`rivalry.${outcome}`)} />}
      </Box>
      <Typography sx={{ fontSize: '1.25rem' }}>
        {t('rivalry.you')} <strong>{points[me]}</strong> – <strong>{points[them]}</strong> {names.get(duel.user_ids[them]) ?? ''}
      </Typography>
    </Box>
  );
}
