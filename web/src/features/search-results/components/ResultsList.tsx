import type { Card } from '../../../../../src/contract/search';
import { Icon } from '../../../ui/Icon';
import { Pager } from './Pager';
import { ResultCard } from './ResultCard';
import styles from './ResultsList.module.css';
import { MSG } from '../../search';
import { useT } from '../../../ui/translations';

type Props = {
  readonly cards: readonly Card[];
  readonly total: number;
  readonly page: number;
  readonly perpage: number;
  readonly loading: boolean;
  readonly error: string | null;
  /** Why the server refused the search (its message), when it said. */
  readonly reason?: string | null;
  readonly onRetry: () => void;
  readonly onPage: (page: number) => void;
  readonly onClearFilters: () => void;
  readonly highlighted?: string | null;
  readonly onHover?: (pdid: string | null) => void;
  readonly layout: 'grid' | 'column';
};

/** The result cards with paging, and the loading, empty and error states. */
export function ResultsList({ cards, total, page, perpage, loading, error, reason, onRetry, onPage, onClearFilters, highlighted, onHover, layout }: Props) {
  const t = useT();
  if (error) {
    return (
      <div className={styles.state} role="alert">
        <Icon name="alert" size={28} />
        <p className={styles.stateTitle}>{t('search.failed', MSG.searchFailed)}</p>
        {reason && <p className={styles.stateText}>{reason}</p>}
        <button type="button" className={`btn ${styles.stateButton}`} onClick={onRetry}>
          {t('search.tryAgain', 'Try again')}
        </button>
      </div>
    );
  }
  if (!loading && cards.length === 0) {
    return (
      <div className={styles.state}>
        <Icon name="home" size={28} />
        <p className={styles.stateTitle}>{t('search.none', 'No homes match this search')}</p>
        <p className={styles.stateText}>{t('search.noneHint', 'Try a wider area, fewer filters, or another place.')}</p>
        <button type="button" className={`btn ${styles.stateButton}`} onClick={onClearFilters}>
          {t('search.resetFilters', 'Reset filters')}
        </button>
      </div>
    );
  }
  if (loading && cards.length === 0) {
    return (
      <ol className={`${styles.grid} ${layout === 'column' ? styles.column : ''}`} aria-label={t('search.loadingResults', 'Loading results')} aria-busy="true">
        {Array.from({ length: layout === 'column' ? 4 : 8 }, (_, i) => (
          <li key={i} className={styles.skeleton} aria-hidden="true">
            <span />
            <span />
            <span />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div aria-busy={loading}>
      <ol
        className={`${styles.grid} ${layout === 'column' ? styles.column : ''} ${loading ? styles.dim : ''}`}
        aria-label={t('search.results', 'Search results')}
      >
        {cards.map((c, i) => (
          <li key={c.pdid}>
            <ResultCard card={c} eager={i < 4} highlighted={highlighted === c.pdid} onHover={onHover} compact={layout === 'column'} />
          </li>
        ))}
      </ol>
      <Pager page={page} perpage={perpage} total={total} onPage={onPage} />
    </div>
  );
}
