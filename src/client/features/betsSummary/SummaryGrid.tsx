import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Match } from '../../../shared/api/entities';
import type { ResultBetRow } from '../../api/entities/betsSlice';
import { PointsBadge } from '../../api/widgets/PointsBadge';
import { betText, type BetsSystem } from '../../lib/bets/betValues';
import { cellOf, gridOf, matchShown, type Cell } from './summary';

/** The member's name on the left and the points on the right stay in view while the matches scroll between them. */
const stickyLeft = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', whiteSpace: 'nowrap' } as const;
const stickyRight = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}` } as const;

function CellContent({ cell, system }: { cell: Cell; system: BetsSystem }) {
  const { t } = useTranslation();
  if (cell.kind === 'bet') {
    return (
      <>
        <Box component="span" sx={{ fontWeight: cell.own ? 700 : undefined }}>{betText(cell.bet, system)}</Box>
        {cell.bet.joker && <StarIcon color="warning" sx={{ fontSize: 14, ml: 0.25, verticalAlign: 'middle' }} titleAccess={t('summary.joker')} />}
        {cell.bet.points !== null && <Box component="span" sx={{ ml: 0.5 }}><PointsBadge points={cell.bet.points} kind="result" betId={cell.bet.id} /></Box>}
      </>
    );
  }
  if (cell.kind === 'hidden') {
    return (
      <Box component="span" title={t('summary.hidden')} aria-label={t('summary.hidden')} data-cell="hidden"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color: 'text.secondary' }}>
        <LockOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
        <Typography variant="caption" aria-hidden>{t('summary.hidden_short')}</Typography>
      </Box>
    );
  }
  return (
    <Typography variant="caption" color={cell.open ? 'warning.main' : 'text.secondary'} sx={{ fontStyle: 'italic' }} data-cell="none">
      {cell.open ? t('bets.no_bet_yet') : t('summary.no_bet')}
    </Typography>
  );
}

/** Members x matches: each member's bet on each match, the viewer's own always, the others' once shown. */
export function SummaryGrid({ matches, betsByMatch, system, viewerId, label, matchLabel }: {
  matches: readonly Match[]; betsByMatch: ReadonlyArray<readonly ResultBetRow[]>; system: BetsSystem; viewerId: number | null; label: string;
  matchLabel: (match: Match) => ReactNode;
}) {
  const { t } = useTranslation();
  const grid = gridOf(betsByMatch);
  const shown = matches.map((match, column) => matchShown(match, betsByMatch[column]));
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={stickyLeft}>{t('bets.member')}</TableCell>
            {matches.map((match) => <TableCell key={match.id} align="center" sx={{ whiteSpace: 'nowrap' }}>{matchLabel(match)}</TableCell>)}
            <TableCell align="right" sx={stickyRight}>{t('bets.points')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {grid.map((row) => (
            <TableRow key={row.userId} data-testid={`summary-row-${row.userId}`}>
              <TableCell component="th" scope="row" sx={stickyLeft}>
                {row.name}{row.userId === viewerId ? ` (${t('summary.yours')})` : ''}
              </TableCell>
              {row.bets.map((bet, column) => (
                <TableCell key={matches[column].id} align="center" sx={{ whiteSpace: 'nowrap' }} data-testid={`summary-cell-${row.userId}-${matches[column].id}`}>
                  <CellContent cell={cellOf(bet, shown[column], viewerId, row.userId)} system={system} />
                </TableCell>
              ))}
              <TableCell align="right" sx={stickyRight} data-testid={`summary-points-${row.userId}`}><strong>{row.points}</strong></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
