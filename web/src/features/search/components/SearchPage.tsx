import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { searchResult } from '../api/searchApi';
import { autocomplete } from '../../search-filters';
import type { Card, Criteria } from '../../../../../src/contract/search';
import { navigate, useLocation } from '../../../app/location';
import { useTakeOver } from '../../../app/serverPage';
import { useSite } from '../../../app/useSite';
import { TagChip } from '../../../ui/TagChip';
import { useIdleAfter } from '../../../ui/useIdleAfter';
import { useToast } from '../../../ui/useToast';
import { type MapStart, POINT_ZOOM, preloadSearchMap, SearchMap, START_ZOOM } from '../../map';
import { MlsDisclaimers } from '../../listing';
import { HomeCover } from '../../site-styles';
import { useKeptHeaders } from '../../organizer';
import { hasBox, withCriteria } from '../utils/criteria';
import { FilterBar } from '../../search-filters';
import { FILTER_FIELDS } from '../utils/filterOptions';
import { ForceOpen } from './ForceOpen';
import { KeywordBox } from '../../search-filters';
import { boxOf, criteriaForMapMove, fitsFirstResults, placeKey, polygonsOf, withoutBox, withPolygons } from '../utils/mapCriteria';
import { ResultsHeader } from './ResultsHeader';
import { ResultsList } from '../../search-results';
import { rememberSearch } from '../../search-results';
import styles from './SearchPage.module.css';
import { MSG, REFUSALS } from '../utils/searchConstants';
import type { SearchData } from '../api/searchData';
import { buildSearchUrl, parseSearchUrl, type SearchRoute, urlAfterSearch } from '../utils/searchUrl';
import { enforceSoldRule } from '../utils/soldRules';
import { criteriaWithTags, tagsFromCriteria } from '../utils/tags';
import { searchKey, useSearchResults } from '../hooks/useSearchResults';
import { useSearchUi } from '../hooks/useSearchUi';
import { useT } from '../../../ui/translations';

// Dialogs load when first opened: the first results need none of them.
const SavedSearchModal = lazy(() => import('../../saved-searches').then((m) => ({ default: m.SavedSearchModal })));
const HandoffModal = lazy(() => import('./HandoffModal').then((m) => ({ default: m.HandoffModal })));

/** The site start position (sites have no setting for it yet): the contiguous United States. */
const SITE_START = { latitude: 39.5, longitude: -98.35 };
const suggest = async (term: string) => (await autocomplete(term, 'kw', false)).groups;

/** /search, /search/split and /search/map: one screen whose view and criteria live in the address. */
export function SearchPage() {
  const t = useT();
  const loc = useLocation();
  const route = useMemo(() => parseSearchUrl(loc.pathname, loc.search), [loc.pathname, loc.search]);
  const { ready: siteReady, site, config } = useSite();
  const toast = useToast();
  const [ui, setUi] = useSearchUi(route.advanced);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [selected, setSelected] = useState<Card | null>(null);
  const [saving, setSaving] = useState(false);
  const [forcing, setForcing] = useState(route.forceOpen !== null);

  const go = useCallback(
    (r: Partial<SearchRoute>, push = false) =>
      navigate(buildSearchUrl({ ...route, advanced: false, forceOpen: null, showSignIn: route.showSignIn, ...r }), { replace: !push }),
    [route],
  );
  const setCriteria = useCallback(
    (c: Criteria) => {
      performance.mark('search:submit');
      go({ criteria: c });
    },
    [go],
  );

  // Sold without a city or zip on refresh: dropped, and the visitor is told (spec section 5).
  const sold = enforceSoldRule(route.criteria);
  useEffect(() => {
    if (!sold.disabled) return;
    toast({ tone: 'error', title: MSG.soldErrorTitle, message: MSG.soldDisabledOnRefresh });
    go({ criteria: sold.criteria });
  }, [sold.disabled]); // eslint-disable-line react-hooks/exhaustive-deps

  const handoff = site?.kind === 'brand' && site.masterSite ? { name: 'our main site', url: site.masterSite.baseUrl } : null;
  const enabled = siteReady && !sold.disabled && !handoff && !forcing;

  const firstFit = useRef(true);
  const lastPlace = useRef<string | null>(null);
  const [fit, setFit] = useState<{ key: string; bounds: NonNullable<SearchData['mapBounds']> } | null>(null);

  const onDone = (d: SearchData): string => {
    // An open sign-in modal (showSignIn=1) stays open: it is closed by the visitor, not by a search.
    const url = urlAfterSearch(route.view, d.searchUrl, route.showSignIn ? { ...route.passthrough, showSignIn: '1' } : route.passthrough);
    navigate(url, { replace: true });
    if (d.searchTitle) document.title = d.searchTitle;
    rememberSearch(route.criteria, d.total, d.searchUrl, d.searchTitle);
    const place = placeKey(route.criteria);
    const newPlace = lastPlace.current !== null && lastPlace.current !== place && !hasBox(route.criteria);
    if (d.mapBounds && ((firstFit.current && fitsFirstResults(route.criteria)) || newPlace)) setFit({ key: `${place}#${d.searchQs}`, bounds: d.mapBounds });
    if (d.view !== 'list') firstFit.current = false;
    lastPlace.current = place;
    requestAnimationFrame(() => {
      performance.mark('search:drawn');
      try {
        performance.measure('search', 'search:submit', 'search:drawn');
      } catch {
        // No submit mark: the first search of a page load.
      }
    });
    const parsed = parseSearchUrl(new URL(url, 'http://x').pathname, new URL(url, 'http://x').search);
    return searchKey(parsed.view, parsed.criteria);
  };

  const zoomRef = useRef<number | null>(null);
  const searchedZoom = useRef<number | null>(null);
  const zoomForSearch = () => (searchedZoom.current = zoomRef.current ?? (route.view === 'list' ? null : start.kind === 'point' ? start.zoom : null));
  const results = useSearchResults(route.view, sold.criteria, enabled, onDone, zoomForSearch);
  const data = results.data;
  // The server-rendered list (the root, an area's page) stays until this one is drawn, or until it is clear no search runs.
  useTakeOver(siteReady && (data !== null || results.error !== null || !enabled));
  // What the lead keeps on these homes: one request for the page's cards, one for a popup card off the page.
  useKeptHeaders((data?.cards ?? []).map((c) => c.pdid));
  useKeptHeaders(selected ? [selected.pdid] : [], true);
  const tags = useMemo(() => tagsFromCriteria(route.criteria), [route.criteria]);
  const polygons = useMemo(() => polygonsOf(route.criteria), [route.criteria]);

  const selectPin = useCallback((pdid: string | null) => {
    if (!pdid) return setSelected(null);
    searchResult(pdid)
      .then(setSelected)
      .catch(() => setSelected(null));
  }, []);

  const clearFilters = () =>
    setCriteria(withCriteria(route.criteria, Object.fromEntries([...FILTER_FIELDS, 'soldproperty', 'page'].map((f) => [f, undefined]))));

  const start: MapStart = useMemo(() => {
    const c = route.criteria;
    const box = boxOf(c);
    if (box) return { kind: 'box', bounds: box };
    if (c.lat && c.long && Number.isFinite(+c.lat) && Number.isFinite(+c.long))
      return { kind: 'point', latitude: +c.lat, longitude: +c.long, zoom: POINT_ZOOM };
    return { kind: 'point', latitude: SITE_START.latitude, longitude: SITE_START.longitude, zoom: START_ZOOM };
    // The start is read once per page: later moves come from the map itself.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const extraChips = (
    <>
      {hasBox(route.criteria) && (
        <li>
          <TagChip tone="area" label={t('search.mapArea', 'Map area')} onRemove={() => setCriteria(withoutBox(route.criteria))} />
        </li>
      )}
      {polygons.length > 0 && (
        <li>
          <TagChip
            tone="area"
            label={polygons.length === 1 ? t('search.drawnArea', 'Drawn area') : t('search.drawnAreas', '{count} drawn areas', { count: polygons.length })}
            onRemove={() => setCriteria(withPolygons(route.criteria, []))}
          />
        </li>
      )}
    </>
  );

  // The server says why it refused a search (a limit, its rate, a timeout): the visitor reads it.
  const refusal = results.error && REFUSALS.includes(results.error.status) ? results.error.message : null;

  const showMap = route.view !== 'list';
  // The map's code loads while the first search runs; the map itself is drawn after the list.
  useEffect(() => {
    if (showMap) preloadSearchMap().catch(() => undefined);
  }, [showMap]);
  const mapNow = useIdleAfter(showMap && (data !== null || results.error !== null));
  const map =
    showMap && !mapNow ? (
      <div className={styles.mapLoading}>{t('map.loading', 'Loading map…')}</div>
    ) : (
      showMap && (
        <Suspense fallback={<div className={styles.mapLoading}>{t('map.loading', 'Loading map…')}</div>}>
          <SearchMap
            pins={data?.pins ?? []}
            clusters={data?.clusters ?? []}
            total={data?.total ?? 0}
            loading={results.loading}
            start={start}
            fit={fit}
            polygons={polygons}
            onPolygonsChange={(rings) => setCriteria(withPolygons(route.criteria, rings))}
            highlighted={highlighted}
            selected={selected}
            onSelect={selectPin}
            searchOnMove={ui.searchOnMove}
            onSearchOnMoveChange={(on) => setUi({ searchOnMove: on })}
            onMoved={(b) => ui.searchOnMove && setCriteria(criteriaForMapMove(route.criteria, b))}
            onZoom={(z, byUser) => {
              const searchedAt = searchedZoom.current;
              zoomRef.current = z;
              // Clusters made for another zoom are asked again: after the map framed the results
              // itself, or after the visitor zoomed with 'search as I move' off (no new search then).
              if (
                (!byUser || !ui.searchOnMove) &&
                data &&
                data.clusters.length > 0 &&
                data.pins.length < data.total &&
                searchedAt !== null &&
                Math.round(searchedAt) !== Math.round(z)
              )
                results.retry();
            }}
            styleUrl={config.mapStyleUrl}
            compact={route.view === 'split'}
          />
        </Suspense>
      )
    );

  const list = (
    <ResultsList
      cards={data?.cards ?? []}
      total={data?.total ?? 0}
      page={data?.page ?? 1}
      perpage={data?.perpage ?? 24}
      loading={!data && !results.error}
      error={results.error ? results.error.message : null}
      reason={refusal}
      onRetry={results.retry}
      onPage={(p) => {
        setCriteria(withCriteria(route.criteria, { page: p > 1 ? String(p) : undefined }));
        window.scrollTo?.({ top: 0, behavior: 'smooth' });
      }}
      onClearFilters={clearFilters}
      highlighted={highlighted}
      onHover={route.view === 'split' ? setHighlighted : undefined}
      layout={route.view === 'split' ? 'column' : 'grid'}
    />
  );

  return (
    <div className={`${styles.page} ${styles[route.view]}`}>
      <section className={styles.toolbar} aria-label={t('search.submit', 'Search')}>
        <div className={styles.toolbarInner}>
          <KeywordBox
            tags={tags}
            onTagsChange={(t) => setCriteria(criteriaWithTags(withoutBox(route.criteria), t))}
            onSubmit={() => {
              performance.mark('search:submit');
              results.retry();
            }}
            onCleared={() => setCriteria(criteriaWithTags(route.criteria, []))}
            filtersOpen={ui.filtersOpen}
            loading={results.loading}
            suggest={suggest}
            extraChips={extraChips}
          />
          <FilterBar
            view={route.view}
            criteria={route.criteria}
            passthrough={route.passthrough}
            onChange={setCriteria}
            open={ui.filtersOpen}
            onOpenChange={(open) => setUi({ filtersOpen: open })}
            moreTags={ui.moreTags}
            onMoreTagsChange={(more) => setUi({ moreTags: more })}
            onSave={() => setSaving(true)}
          />
        </div>
      </section>

      <div className={styles.content}>
        {route.view === 'list' && (
          <main className={styles.listMain} id="main">
            <HomeCover search={loc.search} />
            <ResultsHeader data={data} loading={results.loading} view="list" />
            {list}
            <MlsDisclaimers disclaimers={data?.disclaimers ?? []} />
          </main>
        )}
        {route.view === 'split' && (
          <main className={styles.splitMain} id="main">
            <div className={styles.splitList}>
              <ResultsHeader data={data} loading={results.loading} view="split" />
              {list}
              <MlsDisclaimers disclaimers={data?.disclaimers ?? []} />
            </div>
            <div className={styles.splitMap}>{map}</div>
          </main>
        )}
        {route.view === 'map' && (
          <main className={styles.mapMain} id="main">
            <h1 className="visually-hidden">{data?.searchTitle || t('search.mapTitle', 'Map search')}</h1>
            {results.error && (
              <p role="alert" className={styles.mapError}>
                {t('search.failed', MSG.searchFailed)}
                {refusal && <span className={styles.mapErrorReason}>{refusal}</span>}
              </p>
            )}
            {map}
            {(data?.disclaimers.length ?? 0) > 0 && (
              <details className={styles.mapDisclaimers}>
                <summary>{t('search.disclaimers', 'Listing data disclaimers')}</summary>
                <MlsDisclaimers disclaimers={data!.disclaimers} />
              </details>
            )}
          </main>
        )}
      </div>

      <Suspense fallback={null}>
        {saving && (
          <SavedSearchModal
            open
            onClose={() => setSaving(false)}
            criteria={route.criteria}
            defaultName={data?.searchTitle ?? ''}
            view={route.view}
            passthrough={route.passthrough}
          />
        )}
        {handoff && <HandoffModal to={handoff} view={route.view} criteria={route.criteria} />}
      </Suspense>
      {forcing && route.forceOpen !== null && (
        <ForceOpen
          n={route.forceOpen}
          criteria={route.criteria}
          onGiveUp={() => {
            setForcing(false);
            go({ forceOpen: null });
          }}
        />
      )}
    </div>
  );
}
