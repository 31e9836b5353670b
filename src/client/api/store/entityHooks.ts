import { useMemo } from 'react';
import type { League } from '../../../shared/api/entities';
import { useAppSelector } from './hooks';
import { selectBetsByIds, type ResultBetRow } from '../entities/betsSlice';
import { selectLeagueById, selectLeaguesByIds } from '../entities/leaguesSlice';

/** The bets of a bet list answer as the bets entity holds them now (saved, undone or moved by the live stream). */
export function useBetsOf(list: readonly ResultBetRow[] | undefined): ResultBetRow[] {
  const ids = useMemo(() => (list ?? []).map((bet) => bet.id), [list]);
  return useAppSelector((state) => selectBetsByIds(state, ids));
}

/** The leagues of a league list answer as the leagues entity holds them now (renamed, updated or deleted since). */
export function useLeaguesOf(list: readonly League[] | undefined): League[] {
  const ids = useMemo(() => (list ?? []).map((league) => league.id), [list]);
  return useAppSelector((state) => selectLeaguesByIds(state, ids));
}

/** The league of a league answer as the leagues entity holds it now (undefined until the answer has arrived). */
export function useLeagueOf(answer: League | undefined): League | undefined {
  return useAppSelector((state) => (answer ? selectLeagueById(state, answer.id) ?? answer : undefined));
}
