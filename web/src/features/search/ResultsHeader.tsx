import { plural } from '../../ui/format';
import styles from './SearchPage.module.css';
import type { SearchData } from './searchData';

/** The page heading (the search's title), the total, and the pin-cap honesty note. */
export function ResultsHeader({ data, loading, view }: { data: SearchData | null; loading: boolean; view: 'list' | 'split' }) {
  const capped = data && view === 'split' && data.pins.length < data.total;
  return (
    <header className={styles.resultsHeader}>
      <h1 className={styles.title}>{data?.searchTitle || 'Homes for sale'}</h1>
      <p className={styles.count} aria-live="polite" aria-atomic="true">
        {data ? (
          <>
            <strong>{plural(data.total, 'home')}</strong>
            {capped && (
              <span className={styles.capNote}>
                {' '}
                · Showing {data.pins.length.toLocaleString('en-US')} of {data.total.toLocaleString('en-US')} on the map
              </span>
            )}
          </>
        ) : loading ? (
          'Searching…'
        ) : null}
      </p>
    </header>
  );
}
