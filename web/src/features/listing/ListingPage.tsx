import { useEffect, useState } from 'react';
import { reportActivity } from '../../api/activity';
import { ApiError, isAbort } from '../../api/http';
import { listingDetails } from '../../api/search';
import type { ListingDetails } from '../../../../src/contract/search';
import { Link } from '../../app/Link';
import { useTakeOver } from '../../app/serverPage';
import { useSite } from '../../app/useSite';
import { addressLine, count, isSoldStatus, money, shortDate } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { ListingKeeper } from '../organizer';
import { AreaCrumbs } from '../public';
import { ListingAgentLink } from '../public';
import { ListingCourtesy, MlsDisclaimers } from './Attribution';
import { InquirySlot } from './InquirySlot';
import { ListingGallery } from './ListingGallery';
import { ListingHistory } from './ListingHistory';
import { OpenHouses } from './OpenHouses';
import styles from './ListingPage.module.css';
import { SequenceNav } from './SequenceNav';
import { useT } from '../../ui/translations';
import { statusLabel } from '../search-results';
import { DeferredListingMap } from '../map';
import { NearbySchools } from '../schools';

type State = { status: 'loading' } | { status: 'found'; listing: ListingDetails } | { status: 'missing' } | { status: 'error'; message: string };

/** /listing/{pdid}: photos, facts, history, a small map, the inquiry slot, and the result sequence links. */
export function ListingPage({ pdid }: { pdid: string }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    listingDetails(pdid)
      .then((listing) => {
        if (!live) return;
        setState({ status: 'found', listing });
        reportActivity({ type: 'ListingViewed', pdid });
      })
      .catch((err: unknown) => {
        if (!live || isAbort(err)) return;
        if (err instanceof ApiError && err.status === 404) setState({ status: 'missing' });
        else setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
      });
    return () => {
      live = false;
    };
  }, [pdid]);

  useTakeOver(state.status !== 'loading');

  useEffect(() => {
    if (state.status === 'found') {
      const l = state.listing;
      document.title = `${addressLine(l) || l.pdid} — ${money(l.price, l.forRent)}`;
    } else if (state.status === 'missing') document.title = 'Listing not found';
  }, [state]);

  return (
    <main id="main" className={styles.page}>
      <SequenceNav pdid={pdid} />
      {state.status === 'loading' && <div className={styles.skeleton} aria-busy="true" aria-label={t('listing.loading', 'Loading listing')} />}
      {state.status === 'missing' && (
        <div className={styles.state}>
          <h1>{t('listing.missing', 'This listing is not available')}</h1>
          <p>{t('listing.missingHint', 'It may have been removed from the market.')}</p>
          <Link href="/search">{t('listing.searchHomes', 'Search homes')}</Link>
        </div>
      )}
      {state.status === 'error' && (
        <div className={styles.state} role="alert">
          <h1>{t('listing.failed', 'We could not load this listing')}</h1>
          <p>{state.message}</p>
        </div>
      )}
      {state.status === 'found' && <ListingBody listing={state.listing} />}
    </main>
  );
}

function ListingBody({ listing: l }: { listing: ListingDetails }) {
  const t = useT();
  const { config } = useSite();
  const sold = isSoldStatus(l.status);
  const place = [l.city, [l.state, l.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const facts: [string, string][] = [
    [t('filters.beds', 'Bedrooms'), count(l.beds)],
    [t('filters.baths', 'Bathrooms'), count(l.baths)],
    [t('listing.area', 'Living area'), l.sqft === null ? '—' : `${count(l.sqft)} ${t('card.sqft', 'sq ft')}`],
    [t('filters.type', 'Home type'), l.propertyType ?? '—'],
    [t('listing.county', 'County'), l.county ?? '—'],
    [t('listing.mls', 'MLS #'), l.mlsid ?? '—'],
    [t('listing.listed', 'Listed'), shortDate(l.listDate)],
    ...(sold ? ([[t('card.sold', 'Sold'), shortDate(l.closeDate)]] as [string, string][]) : []),
  ];
  const remarks = typeof l.remarks === 'string' ? l.remarks : null;
  return (
    <>
      <ListingGallery pdid={l.pdid} mlsid={l.mlsid} photos={l.photos ?? []} address={l.address ?? 'this home'} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <header className={styles.head}>
            <AreaCrumbs county={l.county} city={l.city} zip={l.zip} />
            <span className={`${styles.status} ${sold ? styles.sold : ''}`}>{statusLabel(l.status, l.forRent, t)}</span>
            <p className={styles.price}>
              {money(l.price)}
              {l.forRent && l.price !== null && <span className={styles.perMonth}>/mo</span>}
            </p>
            <h1 className={styles.address}>
              {l.address ?? t('listing.noAddress', 'Address not disclosed')}
              {place && <span className={styles.place}>{place}</span>}
            </h1>
            <ul className={styles.keyFacts} aria-label={t('listing.keyFacts', 'Key facts')}>
              <li>
                <Icon name="bed" /> <strong>{count(l.beds)}</strong> {t('listing.beds', 'beds')}
              </li>
              <li>
                <Icon name="bath" /> <strong>{count(l.baths)}</strong> {t('listing.baths', 'baths')}
              </li>
              <li>
                <Icon name="area" /> <strong>{count(l.sqft)}</strong> {t('card.sqft', 'sq ft')}
              </li>
            </ul>
            <ListingCourtesy office={l.listOfficeName} agent={l.listAgentName} className={styles.courtesy} />
            <ListingAgentLink pdid={l.pdid} className={styles.courtesy} />
            <ListingKeeper pdid={l.pdid} address={l.address ?? 'this home'} />
          </header>
          <OpenHouses openHouses={l.openHouses ?? []} />
          {remarks && (
            <section className={styles.section} aria-labelledby="about">
              <h2 id="about">{t('listing.about', 'About this home')}</h2>
              <p className={styles.remarks}>{remarks}</p>
            </section>
          )}
          <section className={styles.section} aria-labelledby="facts">
            <h2 id="facts">{t('card.facts', 'Facts')}</h2>
            <dl className={styles.facts}>
              {facts.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
          </section>
          <ListingHistory history={l.history ?? []} />
          {l.latitude !== null && l.longitude !== null && (
            <section className={styles.section} aria-labelledby="location">
              <h2 id="location">{t('listing.location', 'Location')}</h2>
              {l.locationApproximate && (
                <p className={styles.approximate}>{t('listing.approximate', "Approximate location: the map shows the zip code's area, not the home.")}</p>
              )}
              <DeferredListingMap
                className={styles.map}
                fallback={<div className={styles.mapFallback}>{t('map.loading', 'Loading map…')}</div>}
                latitude={l.latitude}
                longitude={l.longitude}
                name={l.address ?? 'This home'}
                styleUrl={config.mapStyleUrl}
                approximate={l.locationApproximate}
              />
            </section>
          )}
          {l.latitude !== null && l.longitude !== null && <NearbySchools latitude={l.latitude} longitude={l.longitude} />}
          {l.disclaimer && <MlsDisclaimers disclaimers={[l.disclaimer]} />}
        </div>
        <aside className={styles.aside} aria-label={t('listing.contactArea', 'Contact')}>
          <InquirySlot listing={l} />
        </aside>
      </div>
    </>
  );
}
