import { useEffect, useState } from 'react';

/** How long typing pauses before a search goes to the server: one request per pause, not one per key. */
const TYPING_PAUSE_MS = 300;

/** `value`, once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = TYPING_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
