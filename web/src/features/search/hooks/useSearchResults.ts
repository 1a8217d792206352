import { useEffect, useRef, useState } from 'react';
import { reportActivity } from '../../../api/activity';
import { ApiError, isAbort } from '../../../api/http';
import type { Criteria } from '../../../../../src/contract/search';
import { cleanCriteria } from '../utils/criteria';
import { runSearch, type SearchData } from '../api/searchData';
import type { SearchView } from '../utils/searchUrl';

export type SearchState = {
  readonly loading: boolean;
  readonly data: SearchData | null;
  readonly error: { readonly message: string; readonly status: number } | null;
};

export const searchKey = (view: SearchView, c: Criteria): string => `${view}?${new URLSearchParams(cleanCriteria(c)).toString()}`;

/**
 * Runs the search whenever the view or criteria change. After a search the address becomes the
 * server's canonical searchUrl; `onDone` returns that canonical key so that reading it back
 * from the address does not search again.
 */
export function useSearchResults(
  view: SearchView,
  criteria: Criteria,
  enabled: boolean,
  onDone: (d: SearchData) => string,
  zoom: () => number | null,
): SearchState & { retry: () => void } {
  const [state, setState] = useState<SearchState>({ loading: enabled, data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const done = useRef<{ keys: ReadonlySet<string>; attempt: number }>({ keys: new Set(), attempt: -1 });
  const after = useRef(onDone);
  after.current = onDone;
  const key = searchKey(view, criteria);
  const crit = useRef(criteria);
  crit.current = criteria;
  const zoomNow = useRef(zoom);
  zoomNow.current = zoom;

  useEffect(() => {
    if (!enabled) return;
    if (done.current.keys.has(key) && done.current.attempt === attempt) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    runSearch(view, crit.current, zoomNow.current())
      .then((data) => {
        if (!live) return;
        setState({ loading: false, data, error: null });
        reportActivity({ type: 'SearchRun', title: data.searchTitle, query: data.searchQs });
        const canonical = after.current(data);
        done.current = { keys: new Set([key, canonical]), attempt };
      })
      .catch((err: unknown) => {
        if (!live || isAbort(err)) return;
        const e = err instanceof ApiError ? err : new ApiError(String(err), 0);
        setState((s) => ({ ...s, loading: false, error: { message: e.message, status: e.status } }));
      });
    return () => {
      live = false;
    };
  }, [key, attempt, enabled, view]);

  return { ...state, retry: () => setAttempt((a) => a + 1) };
}
