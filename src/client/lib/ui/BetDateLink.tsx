import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../i18n/dates';

/** A bet card's date opens everyone's bets for that match in the league. */
export const showBetsPath = (matchId: number, leagueId?: number | null): string =>
  `/matches/${matchId}/show_bets${leagueId ? `?league_id=${leagueId}` : ''}`;

export function BetDateLink({ matchId, leagueId, date }: { matchId: number; leagueId?: number | null; date: string }) {
  return <Link component={RouterLink} to={showBetsPath(matchId, leagueId)} variant="body2" underline="hover">{formatDateTime(date)}</Link>;
}
