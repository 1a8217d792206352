import { useState } from 'react';
import type { ListingBrief } from '../../api/organizer';
import { Link } from '../../app/Link';
import { addressLine, count, isSoldStatus, money } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { useT } from '../../ui/translations';
import styles from './KeptHome.module.css';

type Props = {
  readonly pdid: string;
  /** Undefined while no answer carried it (shown by pdid), null once the listing is no longer listed. */
  readonly brief: ListingBrief | null | undefined;
  readonly note?: string | null;
};

/** A kept home on the organizer page, as a small card: photo, price, address (the link to the listing), beds and baths. */
export function KeptHome({ pdid, brief, note }: Props) {
  const t = useT();
  const [broken, setBroken] = useState(false);
  const where = brief ? addressLine(brief) : '';
  const status = brief && brief.status !== 'Active' ? (isSoldStatus(brief.status) ? t('organizer.sold', 'Sold') : brief.status) : null;
  return (
    <div className={styles.home}>
      <div className={styles.photo} aria-hidden="true">
        {brief?.photo && !broken ? (
          <img src={brief.photo} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />
        ) : (
          <Icon name="photo" size={24} />
        )}
      </div>
      <div className={styles.text}>
        <span>
          <Link href={`/listing/${encodeURIComponent(pdid)}`} className={styles.address}>
            {where || pdid}
          </Link>
          {brief === null && <span className={styles.muted}>{t('organizer.noLongerListed', ' (no longer listed)')}</span>}
        </span>
        {brief && (
          <span className={styles.facts}>
            <strong>{money(brief.price, brief.forRent)}</strong> ·{' '}
            {t('organizer.facts', '{beds} bd · {baths} ba', { beds: count(brief.beds), baths: count(brief.baths) })}
            {status && ` · ${status}`}
          </span>
        )}
        {note && <span className={styles.note}>{note}</span>}
      </div>
    </div>
  );
}
