import { useEffect, useState } from 'react';

/**
 * True once `ready` has been true and the browser has had an idle moment: heavy lazy code (the
 * map) starts after the first results are drawn instead of competing with them.
 */
export function useIdleAfter(ready: boolean, timeoutMs = 600): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!ready || done) return;
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(() => setDone(true), { timeout: timeoutMs });
      return () => w.cancelIdleCallback?.(id);
    }
    const t = setTimeout(() => setDone(true), 0);
    return () => clearTimeout(t);
  }, [ready, done, timeoutMs]);
  return done;
}
