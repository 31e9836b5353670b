import { useEffect, useState } from 'react';

interface Shown { navigation: string; sawLoading: boolean; shown: boolean }

/**
 * Whether the page stays hidden behind the loading overlay: while first reads are pending (`loading`), until the
 * page of this navigation has been shown once (its reads started, then all answered). Reads that start after that
 * (a shown page's cards starting theirs in a second wave) never blank it again: a page a player is reading does not
 * flicker away. Each navigation (`navigationKey`: a new path or new search parameters) starts hidden again.
 */
export function useHiddenUntilShown(loading: boolean, navigationKey: string): boolean {
  const [state, setState] = useState<Shown>({ navigation: navigationKey, sawLoading: false, shown: false });
  useEffect(() => {
    setState((previous) => {
      const current = previous.navigation === navigationKey ? previous : { navigation: navigationKey, sawLoading: false, shown: false };
      if (loading) return current.sawLoading ? current : { ...current, sawLoading: true };
      return current.sawLoading && !current.shown ? { ...current, shown: true } : current;
    });
  }, [loading, navigationKey]);
  return loading && !(state.navigation === navigationKey && state.shown);
}
