import { useState } from 'react';
import { reportBrokenPhoto } from '../../api/search';
import { Icon } from '../../ui/Icon';
import styles from './ListingGallery.module.css';

/** The listing's photos: a large one with previous / next and a counter, and a strip of thumbnails. */
export function ListingGallery({ pdid, mlsid, photos, address }: { pdid: string; mlsid: string | null; photos: readonly string[]; address: string }) {
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
        <span>No photos yet</span>
      </div>
    );
  }
  const step = (d: number) => setIndex((i + d + good.length) % good.length);
  return (
    <section className={styles.gallery} aria-label="Photos" aria-roledescription="carousel">
      <div className={styles.hero}>
        <img key={current} src={current} alt={`Photo ${i + 1} of ${address}`} className={styles.photo} onError={() => fail(current)} />
        {good.length > 1 && (
          <>
            <button type="button" className={`${styles.nav} ${styles.prev}`} aria-label="Previous photo" onClick={() => step(-1)}>
              <Icon name="left" />
            </button>
            <button type="button" className={`${styles.nav} ${styles.next}`} aria-label="Next photo" onClick={() => step(1)}>
              <Icon name="right" />
            </button>
          </>
        )}
        <span className={styles.counter} aria-live="polite">
          {i + 1} / {good.length}
        </span>
      </div>
      {good.length > 1 && (
        <ul className={styles.thumbs} aria-label="All photos">
          {good.map((p, n) => (
            <li key={p}>
              <button type="button" className={styles.thumb} aria-label={`Show photo ${n + 1}`} aria-current={n === i ? true : undefined} onClick={() => setIndex(n)}>
                <img src={p} alt="" loading="lazy" onError={() => fail(p)} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
