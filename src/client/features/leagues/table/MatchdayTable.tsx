import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentLocale } from '../../../lib/i18n/i18n';
import { DEFAULT_ROWS, userBetsPath } from '../../../lib/ui/LeagueTable';
import { TablePager } from '../../../lib/ui/TablePager';
import { formatPoints, visibleRows, withOwnRow, type LeagueTableData, type UserRow } from '../../../lib/ui/tableSort';

/**
 * A past matchday's own table: the members by the points they scored in it, best first (equal points share a
 * position, names in the reader's language), its winners marked. Totals belong to the current table.
 */
function matchdayRanking(users: readonly UserRow[], locale: string): { row: UserRow; position: number }[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const sorted = [...users].sort((a, b) => b.points_matchday - a.points_matchday || collator.compare(a.user_name, b.user_name));
  let position = 0;
  return sorted.map((row, i) => {
    if (i === 0 || row.points_matchday !== sorted[i - 1].points_matchday) position = i + 1;
    return { row, position };
  });
}

interface Props {
  table: LeagueTableData; leagueId: number; currentUserId: number | null;
  /** A big league's matchday table comes a page at a time, ranked by the server: asks for the page at `offset`. */
  onPage?: (offset: number) => void;
}

export function MatchdayTable({ table, leagueId, currentUserId, onPage }: Props) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const locale = currentLocale();
  // A page (a big league) holds the server's matchday positions and the reader's own row; a whole table is ranked here.
  const paged = table.own_row !== undefined;
  const ranking = useMemo(() => (paged
    ? withOwnRow(table.users, table.own_row ?? null).map((row) => ({ row, position: row.position }))
    : matchdayRanking(table.users, locale)), [paged, table.users, table.own_row, locale]);
  const positions = new Map(ranking.map(({ row, position }) => [row.user_id, position]));
  const rows = ranking.map(({ row }) => row);
  const shown = paged ? rows : visibleRows(rows, DEFAULT_ROWS, currentUserId, expanded);
  const winners = new Set(table.matchday_winner_ids);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('matchday_table.note', { matchday: table.matchday })}</Typography>
      <Table size="small" aria-label={t('matchday_table.label', { matchday: table.matchday })} sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 1.5 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('table.name')}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{t('matchday_table.points', { matchday: table.matchday })}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((row) => (
            <TableRow key={row.user_id} selected={row.user_id === currentUserId} hover>
              <TableCell>{positions.get(row.user_id)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={userBetsPath(leagueId, row.user_id, table.matchday)} underline="hover" color="inherit"
                  sx={{ fontWeight: row.user_id === currentUserId ? 600 : 400 }}>
                  {row.user_name}
                </Link>
                {winners.has(row.user_id) && (
                  <EmojiEventsIcon fontSize="inherit" color="secondary" titleAccess={t('table.matchday_winner')} sx={{ ml: 0.5, verticalAlign: 'middle' }} />
                )}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>{formatPoints(row.points_matchday)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {paged && onPage && <TablePager table={table} onPage={onPage} />}
      {!paged && table.users.length > DEFAULT_ROWS && (
        <Button size="small" onClick={() => setExpanded(!expanded)} sx={{ mt: 1 }}>
          {expanded ? t('table.show_less') : t('table.show_all', { count: table.users.length })}
        </Button>
      )}
    </Box>
  );
}
