import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ClassificationRow } from '../../../../shared/api/routes/competitions';
import { api } from '../../../api/api';
import { useAppSelector } from '../../../api/store/hooks';
import { TeamLogo } from '../../../lib/ui/TeamLogo';
import { selectTeamEntities } from '../../../api/entities/teamsSlice';
import { FormStreak } from './FormStreak';

const classification = api.endpoints.competitionClassification;
const groups = api.endpoints.groupsOfCompetition;
const scorers = api.endpoints.competitionScorers;

const TOP_SCORERS = 10;

/** Rows split per group (cups), in the order the server sends them. */
const PHONE_HIDDEN: ReadonlySet<string> = new Set(['wins', 'draws', 'losses', 'goals_for', 'goals_against']);
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function byGroup(rows: readonly ClassificationRow[]): Array<{ groupId: number | null; rows: ClassificationRow[] }> {
  const tables: Array<{ groupId: number | null; rows: ClassificationRow[] }> = [];
  for (const row of rows) {
    let table = tables.find((item) => item.groupId === row.group_id);
    if (!table) { table = { groupId: row.group_id, rows: [] }; tables.push(table); }
    table.rows.push(row);
  }
  return tables;
}

function Classification({ competitionId }: { competitionId: number }) {
  const { t } = useTranslation();
  const teams = useAppSelector(selectTeamEntities);
  const { data } = classification.useQuery({ params: { id: competitionId } });
  const { data: groupList } = groups.useQuery({ params: { id: competitionId } });
  const tables = byGroup(data ?? []);
  const heads = ['played', 'wins', 'draws', 'losses', 'goals_for', 'goals_against', 'goal_difference', 'points'] as const;
  // On a phone the breakdown (won, drawn, lost, goals for and against) waits for a wider screen: the points stay in sight.
  const cellSx = (head: typeof heads[number]) => ({
    ...(PHONE_HIDDEN.has(head) && WIDE_ONLY), ...(head === 'points' && { fontWeight: 600 }),
  });
  return (
    <Card component="section" aria-labelledby="classification-title">
      <CardContent>
        <Typography id="classification-title" variant="h2" component="h2" gutterBottom>{t('league.classification')}</Typography>
        {!tables.length && <Typography color="text.secondary">{t('league.no_classification')}</Typography>}
        {tables.map((table) => {
          const groupName = table.groupId ? groupList?.find((group) => group.id === table.groupId)?.name ?? t('league.group', { name: table.groupId }) : null;
          return (
          // Focusable so a keyboard user can scroll a table wider than a phone screen.
          <Box key={table.groupId ?? 0} tabIndex={0} role="region" aria-label={groupName ?? t('league.classification')} sx={{ mb: 2, overflowX: 'auto' }}>
            {groupName && <Typography variant="h3" component="h3">{groupName}</Typography>}
            <Table size="small" aria-label={t('league.classification')} sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell><TableCell>{t('league.team')}</TableCell>
                  {heads.map((head) => <TableCell key={head} align="right" title={t(`league.columns.${head}`)} sx={PHONE_HIDDEN.has(head) ? WIDE_ONLY : undefined}>{t(`league.short.${head}`)}</TableCell>)}
                  <TableCell>{t('form.column')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {table.rows.map((row) => (
                  <TableRow key={row.team_id}>
                    <TableCell>{row.position}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <TeamLogo team={teams[row.team_id]} />
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{teams[row.team_id]?.team_name ?? row.team_id}</Box>
                      </Box>
                    </TableCell>
                    {heads.map((head) => <TableCell key={head} align="right" sx={cellSx(head)}>{row[head]}</TableCell>)}
                    <TableCell><FormStreak streak={row.streak} /></TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          );
        })}
      </CardContent>
    </Card>
  );
}

function Scorers({ competitionId }: { competitionId: number }) {
  const { t } = useTranslation();
  const teams = useAppSelector(selectTeamEntities);
  const { data } = scorers.useQuery({ params: { id: competitionId } });
  const rows = (data ?? []).slice(0, TOP_SCORERS);
  return (
    <Card component="section" aria-labelledby="scorers-title">
      <CardContent>
        <Typography id="scorers-title" variant="h2" component="h2" gutterBottom>{t('league.scorers')}</Typography>
        {!rows.length && <Typography color="text.secondary">{t('league.no_scorers')}</Typography>}
        {rows.length > 0 && (
          <Table size="small" aria-label={t('league.scorers')}>
            <TableHead><TableRow><TableCell>{t('league.player')}</TableCell><TableCell>{t('league.team')}</TableCell><TableCell align="right">{t('league.goals')}</TableCell><TableCell align="right">{t('league.assists')}</TableCell></TableRow></TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{row.team_id ? teams[row.team_id]?.abbreviation ?? '' : ''}</TableCell>
                  <TableCell align="right">{row.goals}</TableCell>
                  <TableCell align="right">{row.assists}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The competition's own tables on the league page: classification and top scorers. */
export function CompetitionTables({ competitionId }: { competitionId: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
      <Classification competitionId={competitionId} />
      <Scorers competitionId={competitionId} />
    </Box>
  );
}
