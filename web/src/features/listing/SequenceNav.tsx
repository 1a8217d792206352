import { useEffect, useState } from 'react';
import { Link } from '../../app/Link';
import { Icon } from '../../ui/Icon';
import { loadSequence, neighbours, sequencePdids } from '../search/resultSequence';
import styles from './ListingPage.module.css';

type Nav = { prev: string | null; next: string | null; index: number; total: number; all: string };

const href = (pdid: string) => `/listing/${encodeURIComponent(pdid)}`;

/** Previous, Next and All from the stored result sequence; only the All link when this listing is not in it. */
export function SequenceNav({ pdid }: { pdid: string }) {
  const [nav, setNav] = useState<Nav | null>(null);
  const [all, setAll] = useState<string | null>(() => loadSequence()?.searchUrl || null);
  useEffect(() => {
    let live = true;
    const seq = loadSequence();
    if (!seq) return;
    setAll(seq.searchUrl || null);
    sequencePdids(seq)
      .then((pdids) => {
        const n = neighbours(pdids, pdid);
        if (live) setNav(n ? { ...n, total: pdids.length, all: seq.searchUrl } : null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pdid]);

  return (
    <nav className={styles.seq} aria-label="Search results">
      <Link href={all ?? '/search'} className={styles.seqAll}>
        <Icon name="left" size={18} />
        {all ? 'All results' : 'Search homes'}
      </Link>
      {nav && (
        <div className={styles.seqSteps}>
          <span className={styles.seqPos}>
            {(nav.index + 1).toLocaleString('en-US')} of {nav.total.toLocaleString('en-US')}
          </span>
          {nav.prev ? (
            <Link href={href(nav.prev)} className={styles.seqLink} rel="prev">
              Previous
            </Link>
          ) : (
            <span className={`${styles.seqLink} ${styles.disabled}`} aria-disabled="true">
              Previous
            </span>
          )}
          {nav.next ? (
            <Link href={href(nav.next)} className={styles.seqLink} rel="next">
              Next
            </Link>
          ) : (
            <span className={`${styles.seqLink} ${styles.disabled}`} aria-disabled="true">
              Next
            </span>
          )}
        </div>
      )}
    </nav>
  );
}
