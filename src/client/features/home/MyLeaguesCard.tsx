import AddCircleIcon from '@mui/icons-material/AddCircle';
import EditNoteIcon from '@mui/icons-material/EditNote';
import HistoryIcon from '@mui/icons-material/History';
import SearchIcon from '@mui/icons-material/Search';
import TableChartIcon from '@mui/icons-material/TableChart';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { League } from '../../../shared/api/entities';
import { Pagination } from '../../lib/ui/Pagination';

export const LEAGUES_PER_PAGE = 5;

interface Props {
  leagues: League[];
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  activeId: number | undefined;
  onSelect: (leagueId: number) => void;
  showOld: boolean;
  onToggleOld: () => void;
}

/** The user's leagues, 5 per page, with search and create links and the old-leagues toggle. */
export function MyLeaguesCard({ leagues, loading, page, onPage, activeId, onSelect, showOld, onToggleOld }: Props) {
  const { t } = useTranslation();
  const pages = Math.ceil(leagues.length / LEAGUES_PER_PAGE);
  const shown = leagues.slice((page - 1) * LEAGUES_PER_PAGE, page * LEAGUES_PER_PAGE);
  return (
    <Card component="section" aria-labelledby="my-leagues-title">
      <CardHeader
        title={<Typography id="my-leagues-title" variant="h2" component="h2">{t('home.my_leagues')}</Typography>}
        action={<>
          <Tooltip title={t('home.search_leagues')}><IconButton component={RouterLink} to="/leagues/search" aria-label={t('home.search_leagues')}><SearchIcon /></IconButton></Tooltip>
          <Tooltip title={t('home.create_league')}><IconButton component={RouterLink} to="/leagues/new" aria-label={t('home.create_league')}><AddCircleIcon /></IconButton></Tooltip>
          <Tooltip title={showOld ? t('home.hide_old_leagues') : t('home.show_old_leagues')}>
            <ToggleButton value="old" size="small" selected={showOld} onChange={onToggleOld} aria-label={t('home.show_old_leagues')} sx={{ border: 0 }}>
              <HistoryIcon />
            </ToggleButton>
          </Tooltip>
        </>}
        sx={{ pb: 0 }}
      />
      <CardContent>
        {loading && Array.from({ length: 3 }, (_, index) => <Skeleton key={index} height={48} />)}
        {!loading && !leagues.length && <Typography color="text.secondary">{t('home.no_leagues')}</Typography>}
        <List disablePadding aria-label={t('home.my_leagues')}>
          {shown.map((league) => (
            <ListItem key={league.id} disablePadding secondaryAction={<>
              <Tooltip title={t('home.my_bets')}>
                <IconButton component={RouterLink} to={`/result_bets/new?league_id=${league.id}`} aria-label={`${t('home.my_bets')}: ${league.name}`}><EditNoteIcon /></IconButton>
              </Tooltip>
              <Tooltip title={t('home.league_table')}>
                <IconButton edge="end" component={RouterLink} to={`/leagues/${league.id}`} aria-label={`${t('home.league_table')}: ${league.name}`}><TableChartIcon /></IconButton>
              </Tooltip>
            </>}>
              <ListItemButton selected={league.id === activeId} onClick={() => onSelect(league.id)} sx={{ pr: 12 }}>
                <ListItemText primary={league.name} secondary={league.competition.name}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {pages > 1 && <Pagination page={page} count={pages} onChange={onPage} label={t('home.leagues_pages')} />}
      </CardContent>
    </Card>
  );
}
