import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { api } from '../../api/api';
import { selectTeamEntities } from '../../api/entities/teamsSlice';
import { useAppSelector } from '../../api/store/hooks';
import { useLocalNames } from '../../lib/i18n/localNames';

const DAY = 24 * 60 * 60_000;

export interface BoardMatch { id: number; label: string; date: string }

/**
 * The competition's matches as the board names them ("Spain – Japan"), and those a new post may be about: the ones
 * played in the last three days or kicking off in the next seven, soonest first.
 */
export function useBoardMatches(competitionId: number | undefined) {
  const teams = useAppSelector(selectTeamEntities);
  const names = useLocalNames();
  const { data } = api.endpoints.matchesIndex.useQuery(competitionId ? { params: { id: competitionId }, query: {} } : skipToken);
  return useMemo(() => {
    const byId = new Map<number, BoardMatch>();
    for (const match of data ?? []) {
      const local = teams[match.local_team_id ?? -1]?.team_name ?? names.placeholder(match.local_placeholder);
      const visiting = teams[match.visiting_team_id ?? -1]?.team_name ?? names.placeholder(match.visiting_placeholder);
      byId.set(match.id, { id: match.id, label: `${local} – ${visiting}`, date: match.date });
    }
    const now = Date.now();
    const choices = [...byId.values()]
      .filter((match) => Date.parse(match.date) > now - 3 * DAY && Date.parse(match.date) < now + 7 * DAY)
      .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    return { byId, choices };
  }, [data, teams, names]);
}
