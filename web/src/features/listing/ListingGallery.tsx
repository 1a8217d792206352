import { useState } from 'react';
import { reportBrokenPhoto } from '../../api/search';
import { Icon } from '../../ui/Icon';
import styles from './ListingGallery.module.css';
import { useT } from '../../ui/translations';

/** The listing's photos: a large one with previous / next and a counter, and a strip of thumbnails. */
export function ListingGallery({ pdid, mlsid, photos, address }: { pdid: string; mlsid: string | null; photos: readonly string[]; address: string }) {
  const t = useT();
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const [index, setIndex] = useState(0);
  const good = photos.filter((p) => !broken.has(p));
  const i = Math.min(index, Math.max(0, good.length - 1));
  const current = good[i];
  const fail = (url: string) => {
    setBroken((b) => new Set(b).add(url));
    void reportBrokenPhoto({ pdid, url, mlsid });
  };
  if (!current) {
    return (
      <div className={`${styles.hero} ${styles.empty}`}>
        <Icon name="photo" size={40} />
        <span>{t('listing.noPhotos', 'No photos yet')}</span>
      </div>
    );
  }
  const step = (d: number) => setIndex((i + d + good.length) % good.length);
  return (
    <section className={styles.gallery} aria-label={t('listing.photos', 'Photos')} aria-roledescription="carousel">
      <div className={styles.hero}>
        <img
          key={current}
          src={current}
          alt={t('listing.photoOf', 'Photo {n} of {address}', { n: i + 1, address })}
          className={styles.photo}
          onError={() => fail(current)}
        />
        {good.length > 1 && (
          <>
            <button type="button" className={`${styles.nav} ${styles.prev}`} aria-label={t('photo.previous', 'Previous photo')} onClick={() => step(-1)}>
              <Icon name="left" />
            </button>
            <button type="button" className={`${styles.nav} ${styles.next}`} aria-label={t('photo.next', 'Next photo')} onClick={() => step(1)}>
              <Icon name="right" />
            </button>
          </>
        )}
        <span className={styles.counter} aria-live="polite">
          {i + 1} / {good.length}
        </span>
      </div>
      {good.length > 1 && (
        <ul className={styles.thumbs} aria-label={t('listing.allPhotos', 'All photos')}>
          {good.map((p, n) => (
            <li key={p}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={t('listing.showPhoto', 'Show photo {n}', { n: n + 1 })}
                aria-current={n === i ? true : undefined}
                onClick={() => setIndex(n)}
              >
                <img src={p} alt="" loading="lazy" onError={() => fail(p)} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
