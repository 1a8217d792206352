import { Link } from '../../../app/Link';
import type { Card } from '../../../../../src/contract/search';
import { addressLine, count, isSoldStatus, money, shortDate } from '../../../ui/format';
import { ListingCourtesy } from '../../listing';
import { CardKeeper } from '../../organizer';
import { PhotoGallery } from './PhotoGallery';
import styles from './ResultCard.module.css';
import { statusLabel } from '../utils/statusLabel';
import { useT } from '../../../ui/translations';

type Props = {
  readonly card: Card;
  readonly onHover?: (pdid: string | null) => void;
  readonly highlighted?: boolean;
  readonly eager?: boolean;
  readonly compact?: boolean;
};

/** One result: photos, price, the lead's heart and markers, facts and address; the whole card links to the listing page. */
export function ResultCard({ card, onHover, highlighted = false, eager = false, compact = false }: Props) {
  const t = useT();
  const sold = isSoldStatus(card.status);
  const where = addressLine(card);
  return (
    <article
      className={`${styles.card} ${highlighted ? styles.highlighted : ''} ${compact ? styles.compact : ''}`}
      data-pdid={card.pdid}
      onMouseEnter={onHover && (() => onHover(card.pdid))}
      onMouseLeave={onHover && (() => onHover(null))}
      onFocus={onHover && (() => onHover(card.pdid))}
    >
      <div className={styles.media}>
        <PhotoGallery
          pdid={card.pdid}
          mlsid={card.mlsid}
          photos={card.photos ?? []}
          alt={card.address ? t('card.photoOf', 'Photo of {address}', { address: card.address }) : t('card.photo', 'Listing photo')}
          eager={eager}
        />
        <span
          className={`${styles.status} ${sold ? styles.sold : ''} ${card.status === 'Active Under Contract' || card.status === 'Coming Soon' ? styles.notYet : ''}`}
        >
          {statusLabel(card.status, card.forRent, t)}
          {sold ? ` ${shortDate(card.closeDate)}` : ''}
        </span>
      </div>
      <div className={styles.body}>
        <div className={styles.top}>
          <p className={styles.price}>
            {money(card.price)}
            {card.forRent && card.price !== null && <span className={styles.perMonth}>/mo</span>}
          </p>
          <CardKeeper pdid={card.pdid} label={where || card.pdid} />
        </div>
        <ul className={styles.facts} aria-label={t('card.facts', 'Facts')}>
          <li>
            <strong>{count(card.beds)}</strong> {t('card.bd', 'bd')}
          </li>
          <li>
            <strong>{count(card.baths)}</strong> {t('card.ba', 'ba')}
          </li>
          <li>
            <strong>{count(card.sqft)}</strong> {t('card.sqft', 'sq ft')}
          </li>
        </ul>
        <h2 className={styles.address}>
          <Link href={`/listing/${encodeURIComponent(card.pdid)}`} className={styles.link}>
            {where || card.pdid}
          </Link>
        </h2>
        <p className={styles.meta}>{[card.propertyType, card.mlsid && `MLS# ${card.mlsid}`].filter(Boolean).join(' · ')}</p>
        <ListingCourtesy office={card.listOfficeName} agent={card.listAgentName} />
      </div>
    </article>
  );
}
