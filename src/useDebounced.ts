import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 250;

/** The value once it has stopped changing for a moment: a search asks the server once per pause in typing. */
export function useDebounced<T>(value: T, ms = DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
