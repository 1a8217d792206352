import { useEffect } from 'react';
import { paragraphsOf, type PublicGuide } from '../../../../../src/contract/guides';
import { Link } from '../../../app/Link';
import { useT } from '../../../ui/translations';
import { AreaMarketView } from '../../public';
import { PublicPageFrame, usePublicPageData } from '../../public';
import { publicGuide } from '../api/guides';
import styles from './GuidePage.module.css';

/** /guides/{id}: an office's area guide: its text as plain paragraphs (never HTML), photos, and the area's market in numbers. */
export function GuidePage({ guideId }: { guideId: string }) {
  const t = useT();
  const state = usePublicPageData(guideId, () => publicGuide(guideId));
  useEffect(() => {
    if (state.status === 'found') document.title = state.data.title;
  }, [state]);
  return (
    <PublicPageFrame state={state} errorTitle={t('guides.loadError', 'We could not load this guide')}>
      {(g) => <GuideView g={g} />}
    </PublicPageFrame>
  );
}

function GuideView({ g }: { g: PublicGuide }) {
  const t = useT();
  const place = g.area.kind === 'county' ? t('pages.county', '{county} County', { county: g.area.label }) : g.area.label;
  return (
    <main id="main" className={styles.page}>
      <article>
        <h1 className={styles.title}>{g.title}</h1>
        {g.photos.length > 0 && (
          <div className={styles.photos}>
            {g.photos.map((src, i) => (
              <img
                key={src}
                src={src}
                alt={t('guides.photoAlt', '{place}, photo {n}', { place, n: i + 1 })}
                width={640}
                height={400}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            ))}
          </div>
        )}
        <div className={styles.body}>
          {paragraphsOf(g.body).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        {g.market && <AreaMarketView place={place} market={g.market} />}
        {g.areaPath && (
          <p className={styles.more}>
            <Link href={g.areaPath}>{t('pages.area.heading', 'Homes for sale in {place}', { place })}</Link>
          </p>
        )}
      </article>
    </main>
  );
}
