import { useEffect, useState } from 'react';
import { paragraphsOf, type PublicGuide } from '../../../../../src/contract/guides';
import { ApiError, isAbort } from '../../../api/http';
import { Link } from '../../../app/Link';
import { NotFoundPage } from '../../../app/NotFoundPage';
import { useTakeOver } from '../../../app/serverPage';
import { useT } from '../../../ui/translations';
import { AreaMarketView, PageLoadError } from '../../public';
import { publicGuide } from '../api/guides';
import styles from './GuidePage.module.css';

type State = { status: 'loading' } | { status: 'found'; guide: PublicGuide } | { status: 'missing' } | { status: 'error'; message: string };

/** /guides/{id}: an office's area guide: its text as plain paragraphs (never HTML), photos, and the area's market in numbers. */
export function GuidePage({ guideId }: { guideId: string }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    publicGuide(guideId)
      .then((guide) => live && setState({ status: 'found', guide }))
      .catch((err: unknown) => {
        if (!live || isAbort(err)) return;
        setState(
          err instanceof ApiError && err.status === 404
            ? { status: 'missing' }
            : { status: 'error', message: err instanceof Error ? err.message : String(err) },
        );
      });
    return () => {
      live = false;
    };
  }, [guideId]);
  useTakeOver(state.status !== 'loading');
  useEffect(() => {
    if (state.status === 'found') document.title = state.guide.title;
  }, [state]);

  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'loading') return <main id="main" className="page-loading" aria-busy="true" />;
  if (state.status === 'error') return <PageLoadError title={t('guides.loadError', 'We could not load this guide')} message={state.message} />;
  const g = state.guide;
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
