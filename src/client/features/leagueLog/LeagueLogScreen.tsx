import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Static } from 'typebox';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { LeagueLogEntry } from '../../../shared/api/routes/leagueLog';
import { api } from '../../api/api';
import { useLeagueOf } from '../../api/store/entityHooks';
import { useSession } from '../../api/session';
import { formatDateTime } from '../../lib/i18n/dates';
import { currentHead, headStatus, readLastSeenHead, rememberHead, type LogHead } from './lastSeenHead';

const leagueShow = api.endpoints.leagueShow;
const leagueLog = api.endpoints.leagueLog;
const leagueMembers = api.endpoints.leaguesUsers;

type Entry = Static<typeof LeagueLogEntry>;

/** A value of a before/after pair, compactly. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object' && value !== null && 'local_goals' in value && 'visiting_goals' in value) {
    const goals = value as { local_goals: unknown; visiting_goals: unknown };
    return goals.local_goals === null ? '—' : `${String(goals.local_goals)}-${String(goals.visiting_goals)}`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A chance in permyriad as a percentage with one decimal. */
const permyriad = (value: unknown) => `${(Number(value) / 100).toFixed(1)}%`;

/** What an entry changed, one line per field; the chances an odds seal fixed (1 X 2, and going through). */
function changes(entry: Entry): string[] {
  const { before, after } = entry.details as { before?: unknown; after?: unknown };
  if (entry.details.hidden) return [];
  if (entry.action === 'odds.sealed') {
    const d = entry.details as { home: number; draw: number; away: number; through: { home: number; away: number } | null };
    const line = `1 ${permyriad(d.home)} · X ${permyriad(d.draw)} · 2 ${permyriad(d.away)}`;
    return [d.through ? `${line} (→ ${permyriad(d.through.home)} / ${permyriad(d.through.away)})` : line];
  }
  if (before && after && typeof before === 'object' && typeof after === 'object' && !('local_goals' in before) && !Array.isArray(after)) {
    const b = before as Record<string, unknown>;
    const a = after as Record<string, unknown>;
    return Object.keys(a).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])).map((key) => `${key}: ${show(b[key])} → ${show(a[key])}`);
  }
  if ('after' in entry.details) return [`${show(before)} → ${show(after)}`];
  return [];
}

/**
 * The head this browser saw last time, and whether the log still holds it. The newest head is remembered unless the
 * old one is lost: the warning stays until the member chooses to remember the current head instead.
 */
function useLastSeenHead(leagueId: number, entries: Entry[] | undefined) {
  const [seen, setSeen] = useState<LogHead | null>(() => (leagueId > 0 ? readLastSeenHead(leagueId) : null));
  const head = entries ? currentHead(entries) : null;
  const status = entries && seen ? headStatus(seen, entries) : 'unknown';
  const [headSeq, headHash] = [head?.seq, head?.hash];
  useEffect(() => {
    if (headSeq !== undefined && headHash !== undefined && status !== 'lost') rememberHead(leagueId, { seq: headSeq, hash: headHash });
  }, [leagueId, headSeq, headHash, status]);
  const accept = () => {
    if (!head) return;
    rememberHead(leagueId, head);
    setSeen(head);
  };
  return { seen, head, lost: status === 'lost', accept };
}

/** The league's tamper-evident log: every change that moved points or membership, newest first. */
export default function LeagueLogScreen() {
  const { t } = useTranslation();
  const leagueId = Number(useParams().leagueId);
  const valid = Number.isInteger(leagueId) && leagueId > 0;
  const { data: leagueAnswer, isError } = leagueShow.useQuery(valid ? { params: { id: leagueId } } : skipToken);
  const league = useLeagueOf(leagueAnswer);
  const { data: log } = leagueLog.useQuery(valid && league?.is_member ? { params: { id: leagueId } } : skipToken);
  const { data: members } = leagueMembers.useQuery(valid && league?.is_member ? { params: { id: leagueId } } : skipToken);
  const { seen, head, lost, accept } = useLastSeenHead(valid ? leagueId : 0, log?.entries);
  const { user, isAdmin } = useSession();

  if (!valid || isError) return <Typography variant="h1" component="h1">{t('errors.messages.league_not_found')}</Typography>;
  if (!league) return <Skeleton variant="rounded" height={300} />;
  // Checking the log against the server (verify-log) is for those who run or answer for the league, not for players.
  const verifies = isAdmin || league.owner_id === user.id;
  const nameOf = (id: unknown) => members?.find((m) => m.user_id === id)?.user_name ?? (typeof id === 'number' ? `#${id}` : '');

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900, mx: 'auto', width: '100%' }}>
      <Box>
        <Typography variant="h1" component="h1">{t('league_log.title')}</Typography>
        <Typography color="text.secondary">
          <Box component={RouterLink} to={`/leagues/${league.id}`} sx={{ color: 'primary.main' }}>{league.name}</Box> · {t('league_log.intro')}
        </Typography>
      </Box>
      {lost && seen && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={accept}>{t('league_log.head_accept')}</Button>}>
          {t('league_log.head_lost', { seq: seen.seq })}
        </Alert>
      )}
      {head && (
        <Box>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="log-head">
            {t('league_log.head', { head: `${league.id}:${head.seq}:${head.hash}` })}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">{t(verifies ? 'league_log.head_hint' : 'league_log.head_hint_player')}</Typography>
          {seen && !lost && (
            <Typography variant="caption" color="text.secondary" component="p">{t('league_log.last_seen', { seq: seen.seq, hash: seen.hash.slice(0, 16) })}</Typography>
          )}
        </Box>
      )}
      <Card>
        <CardContent>
          {log === undefined && <Skeleton height={120} />}
          {log?.entries.length === 0 && <Typography color="text.secondary">{t('league_log.empty')}</Typography>}
          <List aria-label={t('league_log.title')} disablePadding>
            {log?.entries.map((entry) => (
              <ListItem key={entry.seq} divider disableGutters sx={{ display: 'block' }} data-testid={`log-entry-${entry.seq}`}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>#{entry.seq} {t(`league_log.actions.${entry.action}`, { defaultValue: entry.action })}</Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {formatDateTime(entry.created_at)} · {entry.actor_name ?? t('league_log.system')}
                  </Typography>
                </Box>
                {typeof entry.details.user_id === 'number' && (
                  <Typography variant="body2">{t('league_log.member', { name: nameOf(entry.details.user_id) })}</Typography>
                )}
                {typeof entry.details.text === 'string' && <Typography variant="body2">{entry.details.text}</Typography>}
                {typeof entry.details.reason === 'string' && <Typography variant="body2">{t('league_log.reason', { reason: entry.details.reason })}</Typography>}
                {changes(entry).map((line) => <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>{line}</Typography>)}
                {entry.details.hidden === true && <Typography variant="body2" color="text.secondary">{t('league_log.hidden')}</Typography>}
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} title={entry.hash ?? undefined}>
                  {entry.hash === null ? t('league_log.hash_withheld') : t('league_log.hash', { hash: entry.hash.slice(0, 16) })}
                </Typography>
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </Box>
  );
}
