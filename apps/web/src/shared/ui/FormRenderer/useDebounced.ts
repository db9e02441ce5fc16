import { useEffect, useState } from 'react';

/** Waits for a pause in typing before searching: one request per pause, not one per key. */
export const SEARCH_DELAY_MS = 250;

/** The value once it stopped changing for SEARCH_DELAY_MS. */
export function useDebounced<T>(value: T, delayMs = SEARCH_DELAY_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
