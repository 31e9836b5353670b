import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Static } from 'typebox';
import { useTranslation } from 'react-i18next';
import type { TitleRaceMember } from '../../../../shared/api/routes/titleRace';
import { api } from '../../../api/api';
import { useSession } from '../../../api/session';
import { PointsBasis } from '../../../lib/ui/PointsBasis';

const titleRace = api.endpoints.titleRace;
const formatNumber = (value: number, locale: string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options).format(value);
/** Leagues up to this size list every member; larger ones list those still in the race and the reader. */
const LIST_ALL_UP_TO = 20;

type Member = Static<typeof TitleRaceMember>;

function RaceMark({ member }: { member: Member }) {
  const { t } = useTranslation();
  if (member.clinched) return <Chip size="small" color="success" label={t('titleRace.clinched')} />;
  if (!member.can_win) return <Chip size="small" variant="outlined" label={t('titleRace.out')} />;
  return <Chip size="small" color="primary" variant="outlined" label={t('titleRace.in_race')} />;
}

/** Who can still win the league: points now, the most still possible, the mark and the chance from simulated finishes. */
export function TitleRaceCard({ leagueId }: { leagueId: number }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { data, isError } = titleRace.useQuery({ params: { id: leagueId } });
  const percent = (share: number) => formatNumber(share, i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const decimal = (value: number) => formatNumber(value, i18n.language, { maximumFractionDigits: 2 });
  const shown = !data ? [] : data.members.length <= LIST_ALL_UP_TO ? data.members
    : data.members.filter((m) => m.can_win || m.user_id === user.id);
  const hidden = data ? data.members.length - shown.length : 0;
  return (
    <Card component="section" aria-labelledby="title-race-title">
      <CardContent>
        <Typography id="title-race-title" variant="h2" component="h2" sx={{ mb: 1 }}>{t('titleRace.title')}</Typography>
        {!data && (isError ? <Typography color="text.secondary">{t('errors.generic')}</Typography> : <Skeleton height={120} />)}
        {data && (
          <>
            <PointsBasis />
            <Table size="small" aria-labelledby="title-race-title" sx={{ '& th, & td': { px: 1 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('titleRace.member')}</TableCell>
                  <TableCell align="right">{t('titleRace.points')}</TableCell>
                  <TableCell align="right">{t('titleRace.chance')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((member) => (
                  <TableRow key={member.user_id} selected={member.user_id === user.id} data-testid={`title-race-${member.user_id}`}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Box component="span" sx={{ display: 'block' }}>{member.user_name}</Box>
                      <RaceMark member={member} />
                    </TableCell>
                    <TableCell align="right">
                      <Box component="span" sx={{ display: 'block' }}>{decimal(member.points)}</Box>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {t('titleRace.max_points', { points: decimal(member.max_points) })}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{percent(member.chance)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {hidden > 0 && <Typography variant="body2" sx={{ mt: 1 }}>{t('titleRace.others_out', { count: hidden })}</Typography>}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('titleRace.bounds_explained')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="title-race-chance-line">
              {t(data.model.open_matches > 0 ? 'titleRace.chance_line_open' : 'titleRace.chance_line', {
                simulations: formatNumber(data.simulations, i18n.language), count: data.matches_left, open: data.model.open_matches,
              })}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
