import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import ScoreboardIcon from '@mui/icons-material/Scoreboard';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import GroupIcon from '@mui/icons-material/Group';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { League } from '../../../../shared/api/entities';
import { LeagueDownloads } from '../../../api/widgets/LeagueDownloads';
import { membersPageRole } from './leagueRole';

const ROLE_ICONS = { administration: <AdminPanelSettingsIcon />, invite: <PersonAddIcon />, members: <GroupIcon /> };

/** The league's pages and files beside "my bets"; the owner edits the league until it finishes (what is frozen, the form says). */
function OtherActions({ league, userId }: { league: League; userId: number | null }) {
  const { t } = useTranslation();
  const owner = league.owner_id === userId;
  const role = membersPageRole(league, userId);
  return (
    <>
      {owner && !league.finished && <Button component={RouterLink} to={`/leagues/edit/${league.id}`} startIcon={<EditIcon />}>{t('league.edit')}</Button>}
      {league.is_member && (
        <Button component={RouterLink} to={`/leagues/admin/${league.id}`} startIcon={ROLE_ICONS[role]}>{t(`league.members_page.${role}`)}</Button>
      )}
      <Button component={RouterLink} to={`/leagues/${league.id}/points`} startIcon={<ScoreboardIcon />}>{t('league_points.link')}</Button>
      <Button component={RouterLink} to={`/competitions/${league.competition.id}/ranking`} startIcon={<LeaderboardIcon />}>{t('ranking.link')}</Button>
      {league.is_member && <Button component={RouterLink} to={`/leagues/${league.id}/bonus`}>{t('bonus.title')}</Button>}
      {league.is_member && <Button component={RouterLink} to={`/leagues/${league.id}/log`}>{t('league_log.title')}</Button>}
      <LeagueDownloads leagueId={league.id} member={league.is_member} owner={owner} />
    </>
  );
}

/**
 * "My bets" first, then the league's other pages: in a row on wide screens; on a phone folded under one "More" button,
 * so the table and the live card are not pushed below the fold by a wall of buttons.
 */
export function LeagueActions({ league, userId, matchday }: { league: League; userId: number | null; matchday: number }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const myBets = league.is_member && (
    <Button component={RouterLink} to={`/result_bets/new?league_id=${league.id}&matchday=${matchday}`} variant="contained" startIcon={<EditNoteIcon />}>
      {t('home.my_bets')}
    </Button>
  );
  if (!phone) {
    return <>{myBets}<OtherActions league={league} userId={userId} /></>;
  }
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
        {myBets}
        <Button onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="league-actions" endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}>
          {t('league.more')}
        </Button>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box id="league-actions" role="group" aria-label={t('league.actions')}
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, mt: 1, '& .MuiButton-root': { justifyContent: 'flex-start' } }}>
          <OtherActions league={league} userId={userId} />
        </Box>
      </Collapse>
    </Box>
  );
}
