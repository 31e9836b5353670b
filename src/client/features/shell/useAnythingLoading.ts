import { useAppSelector } from '../../api/store/hooks';

/** A first read still without an answer. Refetches of data already shown do not count. (Screens' code arriving
 * shows the same overlay through their Suspense fallback.) */
export function useAnythingLoading(): boolean {
  return useAppSelector((state) =>
    Object.values(state.api.queries).some((entry) => entry?.status === 'pending' && entry.data === undefined));
}
