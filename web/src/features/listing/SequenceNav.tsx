import { useEffect, useState } from 'react';
import { Link } from '../../app/Link';
import { Icon } from '../../ui/Icon';
import { loadSequence, neighbours, sequencePdids } from '../search-results';
import styles from './ListingPage.module.css';
import { useT } from '../../ui/translations';

type Nav = { prev: string | null; next: string | null; index: number; total: number; all: string };

const href = (pdid: string) => `/listing/${encodeURIComponent(pdid)}`;

/** Previous, Next and All from the stored result sequence; only the All link when this listing is not in it. */
export function SequenceNav({ pdid }: { pdid: string }) {
  const t = useT();
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
    <nav className={styles.seq} aria-label={t('search.results', 'Search results')}>
      <Link href={all ?? '/search'} className={styles.seqAll}>
        <Icon name="left" size={18} />
        {all ? t('listing.all', 'All results') : t('listing.searchHomes', 'Search homes')}
      </Link>
      {nav && (
        <div className={styles.seqSteps}>
          <span className={styles.seqPos}>{t('listing.position', '{n} of {total}', { n: nav.index + 1, total: nav.total })}</span>
          {nav.prev ? (
            <Link href={href(nav.prev)} className={styles.seqLink} rel="prev">
              {t('listing.previous', 'Previous')}
            </Link>
          ) : (
            <span className={`${styles.seqLink} ${styles.disabled}`} aria-disabled="true">
              {t('listing.previous', 'Previous')}
            </span>
          )}
          {nav.next ? (
            <Link href={href(nav.next)} className={styles.seqLink} rel="next">
              {t('listing.next', 'Next')}
            </Link>
          ) : (
            <span className={`${styles.seqLink} ${styles.disabled}`} aria-disabled="true">
              {t('listing.next', 'Next')}
            </span>
          )}
        </div>
      )}
    </nav>
  );
}
