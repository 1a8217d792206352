import { listingCourtesy } from '../../../../src/contract/listing-courtesy';
import type { MlsDisclaimer } from '../../../../src/contract/search';
import styles from './Attribution.module.css';
import { useT } from '../../ui/translations';

/** "Listing courtesy of {office}" (and the agent when the feed names one): IDX rules ask it of every card and listing page. */
export function ListingCourtesy({ office, agent, className }: { office: string | null; agent: string | null; className?: string }) {
  const courtesy = listingCourtesy(office, agent);
  return courtesy && <p className={`${styles.courtesy} ${className ?? ''}`}>{courtesy}</p>;
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : null;

/** Each MLS's disclaimer under the listings it licenses, with when its data was last brought up to date. */
export function MlsDisclaimers({ disclaimers, className }: { disclaimers: readonly MlsDisclaimer[]; className?: string }) {
  const t = useT();
  if (disclaimers.length === 0) return null;
  return (
    <section className={`${styles.disclaimers} ${className ?? ''}`} aria-label={t('search.disclaimers', 'Listing data disclaimers')}>
      {disclaimers.map((d) => (
        <p key={d.mls} data-mls={d.mls}>
          {/* The MLS's own words, in its language (translate="no": not ours to translate). */}
          <strong translate="no">{d.mls}</strong> <span translate="no">{d.text}</span>
          {d.updatedAt && <span className={styles.updated}> {t('disclaimer.updated', 'Listing data last updated {when}.', { when: when(d.updatedAt)! })}</span>}
        </p>
      ))}
    </section>
  );
}
