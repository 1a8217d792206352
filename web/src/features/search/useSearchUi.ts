import { useCallback, useState } from 'react';
import { readJson, writeJson } from '../../ui/storage';

/** Toggles of the search screen that survive result refreshes and page reloads (this tab only). */
export type SearchUi = { readonly filtersOpen: boolean; readonly moreTags: boolean; readonly searchOnMove: boolean };

const KEY = 'porchlight.searchUi';
const DEFAULTS: SearchUi = { filtersOpen: false, moreTags: false, searchOnMove: true };

export function useSearchUi(advanced: boolean): [SearchUi, (patch: Partial<SearchUi>) => void] {
  const [ui, setUi] = useState<SearchUi>(() => {
    const stored = { ...DEFAULTS, ...readJson<Partial<SearchUi>>('sessionStorage', KEY) };
    return advanced ? { ...stored, filtersOpen: true } : stored;
  });
  const update = useCallback((patch: Partial<SearchUi>) => {
    setUi((u) => {
      const next = { ...u, ...patch };
      writeJson('sessionStorage', KEY, next);
      return next;
    });
  }, []);
  return [ui, update];
}
