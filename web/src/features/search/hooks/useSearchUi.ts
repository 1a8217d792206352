import { useCallback, useState } from 'react';
import { readJson, writeJson } from '../../../ui/storage';
import { MOBILE_MAX_WIDTH } from '../utils/searchConstants';

/** Toggles of the search screen that survive result refreshes and page reloads (this tab only). */
export type SearchUi = { readonly filtersOpen: boolean; readonly moreTags: boolean; readonly searchOnMove: boolean };

const KEY = 'porchlight.searchUi';
const DEFAULTS: SearchUi = { filtersOpen: false, moreTags: false, searchOnMove: true };

/**
 * The toggles a page starts with: what the tab kept, with the filters open for `advanced=1`. On a
 * phone the filters are a full-screen sheet, which a new page never reopens by itself: the
 * visitor closed it by leaving, or would find the page hidden behind it.
 */
export function initialSearchUi(stored: Partial<SearchUi> | null, advanced: boolean, mobile: boolean): SearchUi {
  const ui = { ...DEFAULTS, ...stored };
  return { ...ui, filtersOpen: advanced || (ui.filtersOpen && !mobile) };
}

const isMobile = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches;

export function useSearchUi(advanced: boolean): [SearchUi, (patch: Partial<SearchUi>) => void] {
  const [ui, setUi] = useState<SearchUi>(() => initialSearchUi(readJson<Partial<SearchUi>>('sessionStorage', KEY), advanced, isMobile()));
  const update = useCallback((patch: Partial<SearchUi>) => {
    setUi((u) => {
      const next = { ...u, ...patch };
      writeJson('sessionStorage', KEY, next);
      return next;
    });
  }, []);
  return [ui, update];
}
