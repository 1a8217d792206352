import styles from './ResultsList.module.css';
import { useT } from '../../../ui/translations';

/** Previous / numbered / Next page buttons; a window of pages around the current one. */
export function Pager({ page, perpage, total, onPage }: { page: number; perpage: number; total: number; onPage: (p: number) => void }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perpage)));
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const shown = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  return (
    <nav className={styles.pager} aria-label={t('search.pages', 'Result pages')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('search.previousPage', 'Previous')}
      </button>
      {shown.map((p) => (
        <button
          key={p}
          type="button"
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('search.page', 'Page {page}', { page: p })}
          onClick={() => onPage(p)}
        >
          {p}
        </button>
      ))}
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('search.nextPage', 'Next')}
      </button>
    </nav>
  );
}
