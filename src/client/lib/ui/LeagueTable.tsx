import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tabs from '@mui/material/Tabs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentLocale } from '../i18n/i18n';
import { TablePager } from './TablePager';
import {
  DEFAULT_SORT, extraPoints, formatPoints, hasTeams, nextSort, sortRows, visibleRows, withOwnRow,
  type LeagueTableData, type Sort, type SortKey, type TeamRow, type UserRow,
} from './tableSort';

const COMPACT_ROWS = 5;
export const DEFAULT_ROWS = 10;

interface Props {
  table: LeagueTableData;
  leagueId: number;
  currentUserId: number | null;
  /** Compact hides results, extra points and the last column (matchday wins). */
  compact?: boolean;
  /** Positions gained (+) or lost (-) by user id: arrows beside the position (a live table moving). */
  moves?: Readonly<Record<string, number>>;
  /** A big league's table is one page of it: asks for the page from this row. */
  onPage?: (offset: number) => void;
  /** How the competition names a matchday ("Semifinales", "J3"); by number when not given. */
  matchdayName?: (matchday: number, form: 'long' | 'short') => string;
}

interface Column { key: SortKey; label: string; numeric: boolean; full?: boolean }

/**
 * On a phone the full table shows position, name, the matchday and the total: results, extra points and matchday wins
 * wait for a wider screen, so the total never scrolls out of sight.
 */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A member's bets for the table's matchday. */
export const userBetsPath = (leagueId: number, userId: number, matchday: number | null): string =>
  `/result_bets/new?league_id=${leagueId}&user_id=${userId}${matchday ? `&matchday=${matchday}` : ''}`;

function SortableHead({ columns, sort, onSort, extra }: { columns: Column[]; sort: Sort; onSort: (key: SortKey) => void; extra?: string }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column.key} align={column.numeric ? 'right' : 'left'} sortDirection={sort.key === column.key ? sort.direction : false}
            sx={column.full ? WIDE_ONLY : undefined}>
            <TableSortLabel active={sort.key === column.key} direction={sort.key === column.key ? sort.direction : 'asc'} onClick={() => onSort(column.key)}>
              {column.label}
            </TableSortLabel>
          </TableCell>
        ))}
        {extra !== undefined && <TableCell align="right" sx={WIDE_ONLY}>{extra}</TableCell>}
      </TableRow>
    </TableHead>
  );
}

function DepartmentDialog({ team, members, onClose }: { team: TeamRow | null; members: UserRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!team} onClose={onClose} aria-labelledby="department-title" fullWidth maxWidth="xs">
      <DialogTitle id="department-title">{team?.name}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead><TableRow><TableCell>#</TableCell><TableCell>{t('table.name')}</TableCell><TableCell align="right">{t('table.total')}</TableCell></TableRow></TableHead>
          <TableBody>
            {members.map((row) => (
              <TableRow key={row.user_id}><TableCell>{row.position}</TableCell><TableCell>{row.user_name}</TableCell><TableCell align="right">{formatPoints(row.points)}</TableCell></TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('common.close')}</Button></DialogActions>
    </Dialog>
  );
}

/** The league table: members (and departments), sortable, 10 rows plus the current user's by default. */
/** An arrow for a position change, read out as "up 2" / "down 1". */
function Move({ by }: { by: number | undefined }) {
  const { t } = useTranslation();
  if (!by) return null;
  const Icon = by > 0 ? ArrowUpwardIcon : ArrowDownwardIcon;
  return (
    <Icon fontSize="inherit" color={by > 0 ? 'success' : 'error'} sx={{ ml: 0.25, verticalAlign: 'middle' }}
      titleAccess={t(by > 0 ? 'live.moved_up' : 'live.moved_down', { count: Math.abs(by) })} />
  );
}

export function LeagueTable({ table, leagueId, currentUserId, compact = false, moves, onPage, matchdayName }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'total' | 'teams'>('total');
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [expanded, setExpanded] = useState(false);
  const [openTeam, setOpenTeam] = useState<TeamRow | null>(null);
  const locale = currentLocale();
  const winners = useMemo(() => new Set(table.matchday_winner_ids), [table.matchday_winner_ids]);

  const allColumns: Column[] = [
    { key: 'position', label: '#', numeric: false },
    { key: 'name', label: t('table.name'), numeric: false },
    { key: 'matchday', label: !table.matchday ? t('table.matchday')
      : matchdayName?.(table.matchday, compact ? 'short' : 'long') ?? t(compact ? 'table.matchday_short' : 'table.matchday_n', { matchday: table.matchday }), numeric: true },
    { key: 'league', label: t('table.results'), numeric: true, full: true },
    { key: 'extra', label: t('table.extra'), numeric: true, full: true },
    { key: 'total', label: t('table.total'), numeric: true },
  ];
  const columns = allColumns.filter((column) => !compact || !column.full);

  const teams = !compact && hasTeams(table);
  const sortedUsers = useMemo(() => sortRows(table.users, sort, locale), [table.users, sort, locale]);
  const limit = compact ? COMPACT_ROWS : DEFAULT_ROWS;
  // A page of a big league's table (it comes with the reader's own row): the page, and the reader's row below it.
  const paged = table.own_row !== undefined;
  const users = compact ? sortedUsers.slice(0, COMPACT_ROWS)
    : paged ? withOwnRow(sortedUsers, table.own_row ?? null) : visibleRows(sortedUsers, limit, currentUserId, expanded);
  const departments = useMemo(() => sortRows(table.departments, sort, locale), [table.departments, sort, locale]);
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));

  const cells = (row: UserRow | TeamRow) => (
    <>
      <TableCell align="right">{formatPoints(row.points_matchday)}</TableCell>
      {!compact && <TableCell align="right" sx={WIDE_ONLY}>{formatPoints(row.points_league)}</TableCell>}
      {!compact && <TableCell align="right" sx={WIDE_ONLY}>{formatPoints(extraPoints(row))}</TableCell>}
      <TableCell align="right" sx={{ fontWeight: 600 }}>{formatPoints(row.points)}</TableCell>
    </>
  );

  return (
    <Box>
      {teams && (
        <Tabs value={tab} onChange={(_event, value: 'total' | 'teams') => setTab(value)} aria-label={t('table.tabs')}>
          <Tab value="total" label={t('table.total_tab')} />
          <Tab value="teams" label={t('table.teams_tab')} />
        </Tabs>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        {/* Narrow screens: tighter cells so the compact table fits 360 px without scrolling. */}
        <Table size="small" aria-label={t('table.label')} sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 1.5 } }, '& th': { whiteSpace: 'nowrap' } }}>
          <SortableHead columns={columns} sort={sort} onSort={onSort} extra={compact ? undefined : t('table.wins')} />
          <TableBody>
            {tab === 'total' && users.map((row) => {
              const mine = row.user_id === currentUserId;
              return (
                <TableRow key={row.user_id} selected={mine} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.position}<Move by={moves?.[row.user_id]} /></TableCell>
                  <TableCell sx={{ maxWidth: { xs: 120, sm: 180 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={userBetsPath(leagueId, row.user_id, table.matchday)} underline="hover" color="inherit" sx={{ fontWeight: mine ? 600 : 400 }}>
                      {row.user_name}
                    </Link>
                    {winners.has(row.user_id) && (
                      <EmojiEventsIcon fontSize="inherit" color="secondary" titleAccess={t('table.matchday_winner')} sx={{ ml: 0.5, verticalAlign: 'middle' }} />
                    )}
                  </TableCell>
                  {cells(row)}
                  {!compact && <TableCell align="right" sx={WIDE_ONLY}>{row.matchday_wins || ''}</TableCell>}
                </TableRow>
              );
            })}
            {tab === 'teams' && departments.map((row) => (
              <TableRow key={row.name} hover>
                <TableCell>{row.position}</TableCell>
                <TableCell>
                  <Link component="button" type="button" underline="hover" color="inherit" onClick={() => setOpenTeam(row)}>
                    {row.name} ({t('table.people', { count: row.people })})
                  </Link>
                </TableCell>
                {cells(row)}
                <TableCell sx={WIDE_ONLY} />
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!compact && paged && tab === 'total' && onPage && <TablePager table={table} onPage={onPage} />}
      {!compact && !paged && tab === 'total' && table.users.length > DEFAULT_ROWS && (
        <Button size="small" onClick={() => setExpanded(!expanded)} sx={{ mt: 1 }}>
          {expanded ? t('table.show_less') : t('table.show_all', { count: table.users.length })}
        </Button>
      )}
      <DepartmentDialog team={openTeam} onClose={() => setOpenTeam(null)}
        members={openTeam ? sortRows(table.users.filter((row) => row.department === openTeam.name), DEFAULT_SORT, locale) : []} />
    </Box>
  );
}
