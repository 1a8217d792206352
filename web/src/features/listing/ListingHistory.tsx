import type { HistoryEntry } from '../../../../src/contract/search';
import { money, shortDate } from '../../ui/format';
import styles from './ListingPage.module.css';
import { useT } from '../../ui/translations';

/** Price and status history, newest first. */
export function ListingHistory({ history }: { history: readonly HistoryEntry[] }) {
  const t = useT();
  if (history.length === 0) return null;
  const rows = [...history].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <section className={styles.section} aria-labelledby="history">
      <h2 id="history">{t('listing.history', 'Price and status history')}</h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('listing.history.date', 'Date')}</th>
              <th scope="col">{t('listing.history.event', 'Event')}</th>
              <th scope="col">{t('filters.price', 'Price')}</th>
              <th scope="col">{t('listing.history.status', 'Status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((h, i) => (
              <tr key={`${h.at}-${i}`}>
                <td>{shortDate(h.at)}</td>
                <td>{h.event}</td>
                <td>{h.price === null ? '—' : money(h.price)}</td>
                <td>{h.status ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
