import { useCallback, useEffect, useRef, useState } from 'react';
import { leadListApi, type SmartList } from '../api/leadListApi';
import { useDebounced } from '../../../lib/useUrlFilters';

/** How long lead pushes are gathered before the counts are asked again (a burst of activity costs one request). */
export const COUNTS_DEBOUNCE_MS = 1500;

/**
 * The sidebar's smart lists with their counts: loaded once, again (debounced) whenever a lead
 * push says something changed, and updated at once by this page's own saves and deletions.
 * Not `enabled` (a page showing no list): nothing is asked until it is.
 */
export function useSmartLists(enabled = true): {
  readonly lists: readonly SmartList[];
  readonly reloadSoon: () => void;
  readonly saved: (list: SmartList) => void;
  readonly removed: (listId: string) => void;
} {
  const [lists, setLists] = useState<readonly SmartList[]>([]);
  // This page's own changes win over an answer the read model gave before it caught up with them.
  const local = useRef(new Map<string, SmartList | null>());

  const load = useCallback(() => {
    if (!enabled) return;
    leadListApi.smartLists().then(
      (r) => {
        const byId = new Map(r.lists.map((l) => [l.listId, l]));
        for (const [id, mine] of local.current) {
          const theirs = byId.get(id);
          if (mine === null ? !theirs : theirs?.name === mine.name) local.current.delete(id);
          else if (mine === null) byId.delete(id);
          else byId.set(id, { ...mine, count: theirs?.count ?? mine.count });
        }
        setLists([...byId.values()]);
      },
      () => undefined,
    );
  }, [enabled]);
  useEffect(load, [load]);
  const reloadSoon = useDebounced(load, COUNTS_DEBOUNCE_MS);

  const saved = useCallback((list: SmartList) => {
    local.current.set(list.listId, list);
    setLists((ls) => (ls.some((l) => l.listId === list.listId) ? ls.map((l) => (l.listId === list.listId ? list : l)) : [...ls, list]));
  }, []);
  const removed = useCallback((listId: string) => {
    local.current.set(listId, null);
    setLists((ls) => ls.filter((l) => l.listId !== listId));
  }, []);

  return { lists, reloadSoon, saved, removed };
}
