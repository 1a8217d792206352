import { useEffect, useState } from 'react';
import type { AreaView } from '../../../../src/contract/public-pages';
import { ApiError, isAbort } from '../../api/http';
import { areaOf } from '../../api/pages';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useTakeOver } from '../../app/serverPage';
import { useSite } from '../../app/useSite';
import { AreaGuides } from '../guides';
import { MarketReportLink } from '../market-reports';
import { DeferredListingMap } from '../map';
import { isOne, useT } from '../../ui/translations';
import { CardGrid, PageLoadError } from './PublicPageParts';
import { AreaMarketView } from './AreaMarketView';
import styles from './AgentPage.module.css';

type State = { status: 'loading' } | { status: 'found'; area: AreaView } | { status: 'missing' } | { status: 'error' };

/**
 * /homes-for-sale/{city}, /zip/{zip}, /county/{name}-county: the place's page as the server
 * rendered it (its homes, the market in numbers) plus what needs a browser: the bar chart of
 * average price and a small map with the place's named marker.
 */
export function AreaRoute({ path }: { path: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const { config } = useSite();
  const t = useT();
  useEffect(() => {
    let live = true;
    areaOf(path)
      .then((area) => live && setState({ status: 'found', area }))
      .catch((err: unknown) => {
        if (live && !isAbort(err)) setState(err instanceof ApiError && err.status === 404 ? { status: 'missing' } : { status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [path]);
  useTakeOver(state.status !== 'loading');
  const place =
    state.status === 'found' ? (state.area.kind === 'county' ? t('pages.county', '{county} County', { county: state.area.label }) : state.area.label) : '';
  const heading = t('pages.area.heading', 'Homes for sale in {place}', { place });
  useEffect(() => {
    if (place) document.title = heading;
  }, [place, heading]);

  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'loading') return <main id="main" className="page-loading" aria-busy="true" />;
  if (state.status === 'error') return <PageLoadError title="We could not load these homes" message="Please try again in a moment." />;
  const { area } = state;
  const searchLink = `/search?${new URLSearchParams(area.criteria).toString()}`;
  const center = area.market.center;
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.name}>{heading}</h1>
      <p>
        {isOne(area.total)
          ? t('pages.area.one', '{count} home for sale.', { count: area.total })
          : t('pages.area.count', '{count} homes for sale.', { count: area.total })}{' '}
        <a href={searchLink}>{t('pages.area.search', 'Search {place} with filters and a map', { place })}</a>
      </p>
      <AreaMarketView place={place} market={area.market} />
      <AreaGuides kind={area.kind} label={area.label} place={place} />
      <MarketReportLink kind={area.kind} label={area.label} />
      {center && <DeferredListingMap className={styles.mapSlot} latitude={center.lat} longitude={center.lng} name={place} styleUrl={config.mapStyleUrl} />}
      <section aria-labelledby="area-listings">
        <h2 id="area-listings">{t('pages.area.newest', 'Newest homes for sale')}</h2>
        {area.listings.length === 0 ? (
          <p>
            {t('pages.area.none', 'No homes for sale in {place} right now.', { place })}{' '}
            <a href={`${searchLink}&soldproperty=1`}>{t('pages.area.sold', 'See sold homes')}</a>
          </p>
        ) : (
          <CardGrid cards={area.listings} />
        )}
        {area.total > area.listings.length && (
          <p>
            <a href={searchLink}>{t('pages.area.seeAll', 'See all {count} homes', { count: area.total })}</a>
          </p>
        )}
      </section>
    </main>
  );
}
