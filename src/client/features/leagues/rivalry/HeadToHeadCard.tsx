import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/api';
import { useMatchdayName } from '../../../api/matchdayNames';
import type { LeagueTableData } from '../../../lib/ui/tableSort';
import { DuelNow } from './DuelNow';

const headToHead = api.endpoints.leagueHeadToHead;

const COLUMNS = ['played', 'won', 'drawn', 'lost', 'points_for', 'points'] as const;

/**
 * The league's head-to-head competition: the member's duel now (live with the table on screen), the duel table and
 * the schedule. A new table from the live stream (a result) reads the duels again, so a duel is decided on screen.
 */
export function HeadToHeadCard({ leagueId, competitionId, userId, table, provisional }: {
  leagueId: number; competitionId: number; userId: number; table: LeagueTableData | undefined; provisional: boolean;
}) {
  const { t } = useTranslation();
  const { data, refetch, isUninitialized } = headToHead.useQuery({ params: { id: leagueId } });
  const matchdayName = useMatchdayName(competitionId);
  // The first table is the one the page loaded with; a later final one (a result came in) may decide duels.
  const seen = useRef<LeagueTableData | undefined>(undefined);
  useEffect(() => {
    if (!table || provisional) return;
    if (seen.current && seen.current !== table && !isUninitialized) void refetch();
    seen.current = table;
  }, [table, provisional, isUninitialized, refetch]);
  const names = useMemo(() => new Map((data?.table ?? []).map((row) => [row.user_id, row.user_name])), [data]);

  return (
    <Card component="section" aria-labelledby="head-to-head-title">
      <CardContent>
        <Typography id="head-to-head-title" variant="h2" component="h2" sx={{ mb: 1 }}>{t('rivalry.head_to_head')}</Typography>
        {!data && <Skeleton height={120} />}
        {data && <DuelNow data={data} userId={userId} table={table} provisional={provisional} names={names} matchdayName={matchdayName} />}
        {data && (
          // Narrow cells fit a phone; a very long name still scrolls, and the scrolling box takes the keyboard.
          <Box tabIndex={0} role="region" aria-label={t('rivalry.table')} sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="head-to-head-title" sx={{ '& th, & td': { px: 0.75 } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('rivalry.position')}</TableCell>
                  <TableCell>{t('rivalry.member')}</TableCell>
                  {COLUMNS.map((col) => (
                    <TableCell key={col} align="right" aria-label={t(`rivalry.columns.${col}`)}><abbr title={t(`rivalry.columns.${col}`)}>{t(`rivalry.short.${col}`)}</abbr></TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.table.map((row) => (
                  <TableRow key={row.user_id} selected={row.user_id === userId}>
                    <TableCell>{row.position}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{row.user_name}</TableCell>
                    {COLUMNS.map((col) => <TableCell key={col} align="right">{col === 'points' ? <strong>{row[col]}</strong> : row[col]}</TableCell>)}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {data && data.schedule.length > 0 && (
          <Accordion disableGutters sx={{ mt: 2 }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}><Typography>{t('rivalry.schedule')}</Typography></AccordionSummary>
            <AccordionDetails>
              <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                {data.schedule.map((day) => (
                  <li key={day.matchday}>
                    <Typography variant="subtitle2" component="h3">{matchdayName(day.matchday)}</Typography>
                    {day.duels.map((duel) => (
                      <Typography key={duel.user_ids.join('-')} variant="body2">
                        {names.get(duel.user_ids[0])} {duel.points[0]} – {duel.points[1]} {names.get(duel.user_ids[1])}
                        {duel.decided && ` · ${duel.winner_user_id === null ? t('rivalry.draw') : t('rivalry.winner', { name: names.get(duel.winner_user_id) ?? '' })}`}
                      </Typography>
                    ))}
                    {day.bye_user_id !== null && <Typography variant="body2" color="text.secondary">{t('rivalry.bye_of', { name: names.get(day.bye_user_id) ?? '' })}</Typography>}
                  </li>
                ))}
              </Box>
            </AccordionDetails>
          </Accordion>
        )}
      </CardContent>
    </Card>
  );
}
