import styles from './Backoffice.module.css';

/** Previous / next over a paged list, with where we are in words. */
export function Pager({
  page,
  perpage,
  total,
  onPage,
  label,
}: {
  page: number;
  perpage: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / perpage));
  const first = total === 0 ? 0 : (page - 1) * perpage + 1;
  const last = Math.min(total, page * perpage);
  return (
    <nav className={styles.pager} aria-label={`${label} pages`}>
      <span aria-live="polite">
        {total === 0 ? `No ${label}` : `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${label}`}
      </span>
      <span className={styles.pagerButtons}>
        <button type="button" className={`btn ${styles.btnSmall}`} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className={`btn ${styles.btnSmall}`} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </span>
    </nav>
  );
}
