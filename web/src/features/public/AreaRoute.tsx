import { useEffect, useState } from 'react';
import type { AreaView } from '../../../../src/contract/public-pages';
import { ApiError, isAbort } from '../../api/http';
import { areaOf } from '../../api/pages';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useTakeOver } from '../../app/serverPage';
import { useSite } from '../../app/useSite';
import { DeferredListingMap } from '../map/DeferredListingMap';
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
  const place = state.status === 'found' ? (state.area.kind === 'county' ? `${state.area.label} County` : state.area.label) : '';
  useEffect(() => {
    if (place) document.title = `Homes for sale in ${place}`;
  }, [place]);

  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'loading') return <main id="main" className="page-loading" aria-busy="true" />;
  if (state.status === 'error')
    return (
      <PageLoadError title="We could not load these homes" message="Please try again in a moment." />
    );
  const { area } = state;
  const searchLink = `/search?${new URLSearchParams(area.criteria).toString()}`;
  const center = area.market.center;
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.name}>Homes for sale in {place}</h1>
      <p>
        {area.total.toLocaleString('en-US')} {area.total === 1 ? 'home' : 'homes'} for sale. <a href={searchLink}>Search {place} with filters and a map</a>
      </p>
      <AreaMarketView place={place} market={area.market} />
      {center && (
        <DeferredListingMap className={styles.mapSlot} latitude={center.lat} longitude={center.lng} name={place} styleUrl={config.mapStyleUrl} />
      )}
      <section aria-labelledby="area-listings">
        <h2 id="area-listings">Newest homes for sale</h2>
        {area.listings.length === 0 ? (
          <p>
            No homes for sale in {place} right now. <a href={`${searchLink}&soldproperty=1`}>See sold homes</a>
          </p>
        ) : (
          <CardGrid cards={area.listings} />
        )}
        {area.total > area.listings.length && (
          <p>
            <a href={searchLink}>See all {area.total.toLocaleString('en-US')} homes</a>
          </p>
        )}
      </section>
    </main>
  );
}
