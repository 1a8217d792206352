import { drawnMatches } from '../../map';
import styles from './SearchPage.module.css';
import type { SearchData } from '../api/searchData';
import { isOne, useT } from '../../../ui/translations';

/** The page heading (the search's title), the total, and the pin-cap honesty note. */
export function ResultsHeader({ data, loading, view }: { data: SearchData | null; loading: boolean; view: 'list' | 'split' }) {
  const t = useT();
  // Only when the map leaves matches undrawn (no pin and no cluster counts them).
  const capped = data && view === 'split' && drawnMatches(data.pins, data.clusters).count < data.total;
  return (
    <header className={styles.resultsHeader}>
      <h1 className={styles.title}>{data?.searchTitle || t('search.title', 'Homes for sale')}</h1>
      <p className={styles.count} aria-live="polite" aria-atomic="true">
        {data ? (
          <>
            <strong>
              {isOne(data.total) ? t('search.oneHome', '{count} home', { count: data.total }) : t('search.homes', '{count} homes', { count: data.total })}
            </strong>
            {capped && (
              <span className={styles.capNote}>
                {' '}
                · {t('search.shownOnMap', 'Showing {shown} of {total} on the map', { shown: data.pins.length, total: data.total })}
              </span>
            )}
          </>
        ) : loading ? (
          t('search.searching', 'Searching…')
        ) : null}
      </p>
    </header>
  );
}
