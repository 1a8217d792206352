import { useRef, useState } from 'react';
import { reportBrokenPhoto } from '../../../api/search';
import { Icon } from '../../../ui/Icon';
import { useInView } from '../../../ui/useInView';
import styles from './PhotoGallery.module.css';
import { useT } from '../../../ui/translations';

type Props = { readonly pdid: string; readonly mlsid: string | null; readonly photos: readonly string[]; readonly alt: string; readonly eager?: boolean };

/**
 * A card's photos: nothing loads until the card is within one screen of the viewport; a
 * counter, previous / next; a photo that fails is reported once (POST /api/photo) and skipped.
 */
export function PhotoGallery({ pdid, mlsid, photos, alt, eager = false }: Props) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const visible = useInView(ref, '100%') || eager;
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const [index, setIndex] = useState(0);
  const good = photos.filter((p) => !broken.has(p));
  const current = good.length ? good[Math.min(index, good.length - 1)]! : null;
  const step = (d: number) => setIndex((i) => (Math.min(i, good.length - 1) + d + good.length) % good.length);

  const onError = (url: string) => {
    setBroken((b) => new Set(b).add(url));
    void reportBrokenPhoto({ pdid, url, mlsid });
  };

  return (
    <div ref={ref} className={styles.gallery}>
      {current && visible ? (
        <img
          key={current}
          src={current}
          alt={alt}
          className={styles.photo}
          decoding="async"
          loading={eager ? 'eager' : 'lazy'}
          onError={() => onError(current)}
        />
      ) : (
        <div className={styles.placeholder} aria-hidden={current ? true : undefined}>
          {!current && (
            <>
              <Icon name="photo" size={32} />
              <span>{t('card.noPhotos', 'No photos')}</span>
            </>
          )}
        </div>
      )}
      {good.length > 1 && (
        <>
          <button
            type="button"
            className={`${styles.nav} ${styles.prev}`}
            aria-label={t('photo.previous', 'Previous photo')}
            onClick={(e) => (e.preventDefault(), step(-1))}
          >
            <Icon name="left" size={18} />
          </button>
          <button
            type="button"
            className={`${styles.nav} ${styles.next}`}
            aria-label={t('photo.next', 'Next photo')}
            onClick={(e) => (e.preventDefault(), step(1))}
          >
            <Icon name="right" size={18} />
          </button>
        </>
      )}
      {good.length > 0 && (
        <span className={styles.counter}>
          <Icon name="photo" size={14} />
          {Math.min(index, good.length - 1) + 1} / {good.length}
        </span>
      )}
    </div>
  );
}
