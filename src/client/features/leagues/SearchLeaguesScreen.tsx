import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api } from '../../api/api';

const searchLeagues = api.endpoints.leagueSearch;
const joinLeague = api.endpoints.leagueJoin;

/** Search leagues by name: joinable ones and those the user is invited to. */
export default function SearchLeaguesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search, { data, isLoading, isUninitialized }] = searchLeagues.useMutation();
  const [join, joining] = joinLeague.useMutation();

  const accept = async (leagueId: number) => {
    const result = await join({ body: { league_id: leagueId } });
    if ('error' in result && result.error) return;
    navigate(`/leagues/${leagueId}`);
  };

  return (
    <Card sx={{ maxWidth: 760, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h1" component="h1" gutterBottom>{t('titles.search_leagues')}</Typography>
        <Box component="form" role="search" onSubmit={(event) => { event.preventDefault(); void search({ body: { text: text.trim() } }); }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField label={t('search.text')} value={text} onChange={(event) => setText(event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={isLoading} sx={{ mt: 2, flexShrink: 0 }}>{t('search.search')}</Button>
        </Box>
        {!isUninitialized && !isLoading && !data?.length && <Typography color="text.secondary" sx={{ mt: 2 }}>{t('search.none')}</Typography>}
        <List aria-label={t('search.results')}>
          {(data ?? []).map((league) => (
            <ListItem key={league.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={league.name} secondary={`${league.competition.name} · ${league.owner_name} · ${t('league.members', { count: league.members_count })}`} sx={{ flex: '1 1 12rem' }} />
              {league.invited && <Chip size="small" color="info" label={t('search.invited')} />}
              {league.is_member
                ? <Button component={RouterLink} to={`/leagues/${league.id}`}>{t('join.open')}</Button>
                : league.joinable && <Button variant="outlined" disabled={joining.isLoading} onClick={() => void accept(league.id)} aria-label={t('search.join_named', { name: league.name })}>{t('search.join')}</Button>}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
