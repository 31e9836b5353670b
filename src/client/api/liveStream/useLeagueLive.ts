import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import type { RootState } from '../store/hooks';
import { followLeague } from './liveConnection';
import { leagueLeft, selectLeagueLive, type LeagueLive } from '../live/liveSlice';

/**
 * Keeps a league's screen live while it is shown: the stream patches the RTK Query cache (matches, the table,
 * bets), and this returns the live extras (connection state, provisional table, position moves, live scores).
 */
export function useLeagueLive(leagueId: number | null): LeagueLive {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    if (leagueId === null) return undefined;
    const stop = followLeague({ leagueId, dispatch, getState: store.getState });
    return () => { stop(); dispatch(leagueLeft(leagueId)); };
  }, [leagueId, dispatch, store]);
  return useAppSelector((state) => selectLeagueLive(state, leagueId));
}
