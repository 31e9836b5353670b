import { useEffect } from 'react';
import { useAppDispatch } from '../../api/store/hooks';
import { betEditRedone, betEditUndone } from '../../api/bets/betEditsSlice';

/** Ctrl+Z undoes the last bet edit and Ctrl+Shift+Z (or Ctrl+Y) redoes it, while the bets screen is open. */
export function useUndoKeys(enabled: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) dispatch(betEditUndone());
      else if ((key === 'z' && event.shiftKey) || key === 'y') dispatch(betEditRedone());
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, enabled]);
}
