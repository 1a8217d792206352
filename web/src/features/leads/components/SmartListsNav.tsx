import { useId } from 'react';
import { type Filters, filtersFromSaved, sameFilters } from '../../../lib/leadFilters';
import type { SmartList } from '../api/leadListApi';
import forms from '../../../ui/forms.module.css';
import styles from './SmartListsNav.module.css';

type Props = {
  readonly lists: readonly SmartList[];
  readonly filters: Filters;
  readonly onOpen: (f: Filters) => void;
  readonly onDelete: (list: SmartList) => void;
  /** Rename one's own list, or give it the filters shown now (the dialog lists them). */
  readonly onEdit?: (list: SmartList) => void;
  /** A select instead of a column of links (narrow screens). */
  readonly compact: boolean;
};

const countText = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));
const ALL: SmartList = { listId: '', name: 'All leads', filters: {}, builtIn: true, count: null };

/** A list's filters as opening it sets them: in the list's current sort unless it saved its own. */
export function filtersOfList(list: SmartList, current: Filters): Filters {
  const f = filtersFromSaved(list.filters);
  return f.sort === undefined && current.sort !== undefined ? { ...f, sort: current.sort } : f;
}

/** The list (or "All leads", listId '') whose filters are the ones in force, if any. */
export const openListOf = (lists: readonly SmartList[], filters: Filters): SmartList | undefined =>
  [ALL, ...lists].find((l) => sameFilters(filtersOfList(l, filters), filters));

/**
 * The smart lists: all leads, the default lists and the user's own, each with how many leads it
 * holds (kept fresh by the page). Opening one puts its filters in the address. A column on wide
 * screens, a select on narrow ones.
 */
export function SmartListsNav({ lists, filters, onOpen, onDelete, onEdit, compact }: Props) {
  const id = useId();
  const filtersOf = (l: SmartList) => filtersOfList(l, filters);
  const all = [ALL, ...lists];
  const current = openListOf(lists, filters);

  if (compact) {
    return (
      <div className={styles.compact}>
        <label htmlFor={id}>Smart list</label>
        <select
          id={id}
          className={forms.input}
          value={current?.listId ?? '__custom__'}
          onChange={(e) => {
            const l = all.find((x) => x.listId === e.target.value);
            if (l) onOpen(filtersOf(l));
          }}
        >
          {!current && <option value="__custom__">Filtered leads</option>}
          {all.map((l) => (
            <option key={l.listId} value={l.listId}>
              {l.listId ? `${l.name} (${countText(l.count)})` : l.name}
            </option>
          ))}
        </select>
        {/* On a phone the open list (one's own) is renamed, updated or deleted here. */}
        {current && current.listId && !current.builtIn && (
          <>
            {onEdit && (
              <button type="button" className="btn" onClick={() => onEdit(current)}>
                Edit list
              </button>
            )}
            <button type="button" className="btn" aria-label={`Delete smart list ${current.name}`} onClick={() => onDelete(current)}>
              Delete
            </button>
          </>
        )}
      </div>
    );
  }
  return (
    <nav className={styles.nav} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Smart lists
      </h2>
      <ul className={styles.list}>
        {all.map((l) => (
          <li key={l.listId} className={styles.item} data-testid="smart-list">
            <button type="button" className={styles.open} aria-current={current?.listId === l.listId ? 'true' : undefined} onClick={() => onOpen(filtersOf(l))}>
              <span className={styles.name}>{l.name}</span>
              {l.listId && (
                <span className={styles.count}>
                  {countText(l.count)}
                  <span className="visually-hidden"> leads</span>
                </span>
              )}
            </button>
            {!l.builtIn && onEdit && (
              <button type="button" className={styles.remove} aria-label={`Rename or update smart list ${l.name}`} onClick={() => onEdit(l)}>
                ✎
              </button>
            )}
            {!l.builtIn && (
              <button type="button" className={styles.remove} aria-label={`Delete smart list ${l.name}`} onClick={() => onDelete(l)}>
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
