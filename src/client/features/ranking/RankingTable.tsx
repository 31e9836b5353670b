import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverallRow } from '../../../shared/api/routes/overallRanking';
import { currentLocale } from '../../lib/i18n/i18n';
import { formatCount } from '../../lib/i18n/numbers';

/** Names may be long: they wrap rather than push the points off a phone's screen. */
const NAME_CELL = { overflowWrap: 'anywhere', width: '100%' } as const;
/** Four columns fit a phone's width with narrower cell padding. */
const CELLS = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;

/** Rows of the overall ranking in a table body; the player's own row is marked (selected, and named "you"). */
export function RankingRows({ rows, ownId }: { rows: readonly OverallRow[]; ownId: number | null }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <TableBody>
      {rows.map((row) => {
        const own = row.user_id === ownId;
        return (
          <TableRow key={row.user_id} selected={own} aria-current={own ? 'true' : undefined} data-testid={`ranking-row-${row.user_id}`}>
            <TableCell align="right">{formatCount(row.position, locale)}</TableCell>
            <TableCell sx={NAME_CELL}>
              {row.user_name}{own && <strong> ({t('ranking.you')})</strong>}
            </TableCell>
            <TableCell align="right">{formatCount(row.points, locale)}</TableCell>
            <TableCell align="right">{formatCount(row.exact_hits, locale)}</TableCell>
          </TableRow>
        );
      })}
    </TableBody>
  );
}

/** The ranking's columns: position, player, points, exact hits; `children` are its bodies (a page each). */
export function RankingTable({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={label} sx={CELLS}>
      <TableHead>
        <TableRow>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{t('ranking.position')}</TableCell>
          <TableCell>{t('ranking.player')}</TableCell>
          <TableCell align="right">{t('ranking.points')}</TableCell>
          <TableCell align="right">{t('ranking.exact_hits')}</TableCell>
        </TableRow>
      </TableHead>
      {children}
    </Table>
  );
}
