import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Static } from 'typebox';
import { useTranslation } from 'react-i18next';
import type { LeagueTable } from '../../../../shared/api/routes/tables';

/** Each finished matchday's winners, latest first; the table beside it has their matchday-wins column. */
export function MatchdayWinners({ table, matchdayName }: { table: Static<typeof LeagueTable>; matchdayName: (matchday: number) => string }) {
  const { t } = useTranslation();
  if (table.matchday_winners.length === 0) return null;
  const names = new Map(table.users.map((row) => [row.user_id, row.user_name]));
  return (
    <Card component="section" aria-labelledby="matchday-winners-title">
      <CardContent>
        <Typography id="matchday-winners-title" variant="h2" component="h2" sx={{ mb: 1 }}>{t('winners.title')}</Typography>
        <Table size="small" aria-labelledby="matchday-winners-title">
          <TableHead><TableRow><TableCell>{t('table.matchday')}</TableCell><TableCell>{t('winners.winners')}</TableCell></TableRow></TableHead>
          <TableBody>
            {[...table.matchday_winners].reverse().map((day) => (
              <TableRow key={day.matchday}>
                <TableCell>{matchdayName(day.matchday)}</TableCell>
                <TableCell>{day.user_ids.map((id) => names.get(id) ?? `#${id}`).join(', ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
