import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';

/**
 * What `fetch` answers, loaded at once and again every `everyMs` (and whenever `load` is called);
 * `error` holds the last failure's message until a load succeeds. `set` lets live pushes update
 * the value between loads.
 */
export function usePolled<T>(
  fetch: () => Promise<T>,
  everyMs: number,
): { data: T | null; set: Dispatch<SetStateAction<T | null>>; error: string | null; load: () => void } {
  const [data, set] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Loading is not restarted when the caller passes a new function: the next load calls the latest one.
  const latest = useRef(fetch);
  latest.current = fetch;
  const load = useCallback(() => {
    latest.current().then(
      (d) => {
        set(d);
        setError(null);
      },
      (err: Error) => setError(err.message),
    );
  }, []);
  useEffect(() => {
    load();
    const t = setInterval(load, everyMs);
    return () => clearInterval(t);
  }, [load, everyMs]);
  return { data, set, error, load };
}
