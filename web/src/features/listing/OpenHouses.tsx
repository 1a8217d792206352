import { openHouseWhen } from '../../../../src/contract/open-house-time';
import type { OpenHouse } from '../../../../src/contract/search';
import styles from './ListingPage.module.css';
import { useT } from '../../ui/translations';

/**
 * The listing's public open houses still to come, soonest first (the API has dropped the ones
 * that ended), at the listing's local time. Remarks come from the feed: shown as text, never HTML.
 */
export function OpenHouses({ openHouses }: { openHouses: readonly OpenHouse[] }) {
  const t = useT();
  const shown = openHouses.filter((o) => o.type === 'Public');
  if (shown.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="open-houses">
      <h2 id="open-houses">{t('listing.openHouses', 'Open houses')}</h2>
      <ul className={styles.openHouses}>
        {shown.map((o) => (
          <li key={`${o.start}-${o.end}`}>
            <strong>{t('listing.openHouse', 'Open house {when}', { when: openHouseWhen(o.start, o.end, 'long') })}</strong>
            {o.remarks && <p className={styles.remarks}>{o.remarks}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
