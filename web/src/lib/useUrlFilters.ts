import { useCallback, useEffect, useMemo, useRef } from 'react';
import { navigate } from '../app/location';
import { type Filters, filtersFromParams, filtersToParams } from './leadFilters';

/**
 * The list's filters live in the address (so a filtered list, or a smart list, is a link): read
 * from `search`, the same object while they do not change (choosing a lead changes the address but
 * not the filters), and written back keeping the other parameters (the lead, the chat).
 */
export function useUrlFilters(search: string): readonly [Filters, (f: Filters) => void] {
  const key = filtersToParams(filtersFromParams(new URLSearchParams(search))).toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(key)), [key]);
  const setFilters = useCallback((f: Filters) => {
    const q = filtersToParams(f, new URLSearchParams(window.location.search)).toString();
    navigate(q ? `/dashboard?${q}` : '/dashboard', { replace: true });
  }, []);
  return [filters, setFilters] as const;
}

/** `fn` once, `ms` after the last of a burst of calls. */
export function useDebounced(fn: () => void, ms: number): () => void {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, ms);
  }, [ms]);
}
