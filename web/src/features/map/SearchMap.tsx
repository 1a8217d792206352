import './maplibreSetup';
import { type PointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Map as MapGL, type MapRef, NavigationControl, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { ResultCard } from '../search-results';
import { Icon } from '../../ui/Icon';
import { attachOfflineBasemap, offlineStyle } from './basemap';
import { DeckOverlay } from './DeckOverlay';
import { drawnMatches, fitPadding } from './mapLayout';
import { type SearchMapProps, START_ZOOM } from './mapTypes';
import { type LngLat, MAX_POLYGONS, simplifyDrawnPolygon } from './polygons';
import { circleRing, milesBetween, milesLabel } from './radius';
import styles from './SearchMap.module.css';
import { labelsThatFit } from './declutter';
import { clustersThatFit, narrowestGap } from './clusterCircles';
import { pickedObject, searchLayers } from './searchLayers';
import { isOne, useT } from '../../ui/translations';

/** Off; Draw armed, or a stroke under way; Radius armed, or a circle being sized from its centre. */
type DrawMode = 'off' | 'on' | 'drawing' | 'radius' | 'sizing';

/**
 * The search map (loaded lazily): price pins and server clusters drawn by deck.gl over a
 * maplibre basemap, at every zoom pins where every match of their cell is pinned and the cell's
 * cluster with its true count elsewhere; 'Draw Custom Search' turns a mouse stroke into a search
 * polygon, 'Radius' a centre and a dragged radius into a circle (a polygon the server takes like
 * a drawn one); moving the map searches the new box when 'search as I move the map' is on.
 */
export function SearchMap(p: SearchMapProps) {
  const t = useT();
  const mapRef = useRef<MapRef>(null);
  const [mode, setMode] = useState<DrawMode>('off');
  const [stroke, setStroke] = useState<readonly LngLat[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [zoom, setZoom] = useState(p.start.kind === 'point' ? p.start.zoom : START_ZOOM);
  const [moves, setMoves] = useState(0);
  const [circle, setCircle] = useState<{ center: LngLat; miles: number } | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);

  const initialViewState = useMemo(
    () =>
      p.start.kind === 'point'
        ? { latitude: p.start.latitude, longitude: p.start.longitude, zoom: p.start.zoom }
        : { bounds: [p.start.bounds.minLng, p.start.bounds.minLat, p.start.bounds.maxLng, p.start.bounds.maxLat] as [number, number, number, number] },
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // Frame the results when asked (first search with a place, or a new place).
  const fitKey = p.fit?.key;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !p.fit || !loaded) return;
    const b = p.fit.bounds;
    const pad = b.minLat === b.maxLat && b.minLng === b.maxLng ? 0.01 : 0;
    // Below the tool overlay: no pin lands under a button.
    const box = wrap.current?.getBoundingClientRect();
    const tools = overlay.current?.getBoundingClientRect();
    const padding = box && tools ? fitPadding({ width: box.width, height: box.height }, tools.bottom - box.top) : 48;
    map.fitBounds(
      [
        [b.minLng - pad, b.minLat - pad],
        [b.maxLng + pad, b.maxLat + pad],
      ],
      { padding, maxZoom: 15, duration: 0 },
    );
  }, [fitKey, loaded]); // eslint-disable-line react-hooks/exhaustive-deps

  // Draw mode disables panning so the stroke is not a drag (spec section 4).
  useEffect(() => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    if (mode === 'off') map.dragPan.enable();
    else map.dragPan.disable();
  }, [mode]);

  useEffect(() => {
    if (mode === 'off') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMode('off');
        setStroke([]);
        setCircle(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  const onZoom = useRef(p.onZoom);
  onZoom.current = p.onZoom;
  const onLoad = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (map && !p.styleUrl) attachOfflineBasemap(map);
    if (map) onZoom.current(map.getZoom(), false);
    setLoaded(true);
  }, [p.styleUrl]);

  const onMoveEnd = (e: ViewStateChangeEvent) => {
    setZoom(e.viewState.zoom);
    setMoves((n) => n + 1);
    p.onZoom(e.viewState.zoom, Boolean(e.originalEvent));
    if (!e.originalEvent || mode !== 'off') return;
    const b = e.target.getBounds();
    p.onMoved({ minLat: b.getSouth(), maxLat: b.getNorth(), minLng: b.getWest(), maxLng: b.getEast() });
  };

  const toLngLat = (e: PointerEvent<HTMLDivElement>): LngLat | null => {
    const map = mapRef.current;
    const rect = surface.current?.getBoundingClientRect();
    if (!map || !rect) return null;
    const ll = map.unproject([e.clientX - rect.left, e.clientY - rect.top]);
    return [ll.lng, ll.lat];
  };

  // A search takes at most MAX_POLYGONS areas: Draw waits for Clear past that.
  const full = p.polygons.length >= MAX_POLYGONS;
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if ((mode !== 'on' && mode !== 'radius') || e.button !== 0) return;
    const pt = toLngLat(e);
    if (!pt) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    if (mode === 'radius') {
      setMode('sizing');
      setCircle({ center: pt, miles: 0 });
      return;
    }
    setMode('drawing');
    setStroke([pt]);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (mode !== 'drawing' && mode !== 'sizing') return;
    const pt = toLngLat(e);
    if (!pt) return;
    if (mode === 'sizing') setCircle((c) => (c ? { center: c.center, miles: milesBetween(c.center, pt) } : c));
    else setStroke((s) => [...s, pt]);
  };
  const up = () => {
    if (mode !== 'drawing' && mode !== 'sizing') return;
    const ring = mode === 'sizing' ? (circle ? circleRing(circle.center, circle.miles) : null) : simplifyDrawnPolygon(stroke);
    setMode('off');
    setStroke([]);
    setCircle(null);
    if (ring && !full) p.onPolygonsChange([...p.polygons, ring]);
  };
  const toggle = (tool: 'on' | 'radius') => {
    setStroke([]);
    setCircle(null);
    setMode(mode === 'off' ? tool : 'off');
  };

  // At every zoom: pins where every match of their cell is pinned, the cell's cluster elsewhere.
  const drawn = useMemo(() => drawnMatches(p.pins, p.clusters), [p.pins, p.clusters]);
  const clustered = drawn.clusters.length > 0;
  const capped = drawn.count < p.total && !clustered && p.pins.length < p.total;
  const selectedPdid = p.selected?.pdid ?? null;
  // Recomputed after each move: which price labels fit without overlapping.
  const labeled = useMemo(() => {
    const map = mapRef.current;
    if (!map || !loaded) return null;
    const preferred = new Set([p.highlighted, selectedPdid].filter((x): x is string => x !== null));
    return labelsThatFit(drawn.pins, (pin) => map.project([pin.longitude, pin.latitude]), preferred);
  }, [drawn.pins, p.highlighted, selectedPdid, loaded, moves]); // eslint-disable-line react-hooks/exhaustive-deps

  // Recomputed after each move: circles that would touch at this zoom are drawn as one.
  const circles = useMemo(() => {
    const map = mapRef.current;
    if (!map || !loaded) return { clusters: drawn.clusters, gap: null };
    const project = (c: { longitude: number; latitude: number }) => map.project([c.longitude, c.latitude]);
    const clusters = clustersThatFit(drawn.clusters, project);
    return { clusters, gap: narrowestGap(clusters, project) };
  }, [drawn.clusters, loaded, moves]); // eslint-disable-line react-hooks/exhaustive-deps

  // The circle being sized is drawn as its outline.
  const preview = useMemo(() => {
    const ring = circle ? circleRing(circle.center, circle.miles) : null;
    return ring ? [...ring, ring[0]!] : stroke;
  }, [circle, stroke]);
  const layers = useMemo(
    () =>
      searchLayers({
        pins: drawn.pins,
        clusters: circles.clusters,
        polygons: p.polygons,
        stroke: preview,
        highlighted: p.highlighted,
        selected: selectedPdid,
        labeled,
      }),
    [drawn, circles, p.polygons, preview, p.highlighted, selectedPdid, labeled],
  );
  const drawing = mode === 'on' || mode === 'drawing';
  const sizing = mode === 'radius' || mode === 'sizing';

  return (
    <div
      ref={wrap}
      className={`${styles.wrap} ${mode !== 'off' ? styles.drawMode : ''}`}
      data-testid="search-map"
      data-loaded={loaded || undefined}
      data-pins={p.pins.length}
      data-total={p.total}
      data-drawn-pins={drawn.pins.length}
      data-drawn-clusters={drawn.clusters.length}
      data-drawn-count={drawn.count}
      data-cluster-gap={circles.gap === null ? undefined : Math.floor(circles.gap)}
      data-zoom={Math.round(zoom)}
      data-loading={p.loading || undefined}
    >
      <MapGL
        ref={mapRef}
        initialViewState={initialViewState}
        mapStyle={p.styleUrl ?? offlineStyle}
        onLoad={onLoad}
        onMoveEnd={onMoveEnd}
        attributionControl={p.styleUrl ? { compact: true } : false}
        dragRotate={false}
        touchPitch={false}
        pitchWithRotate={false}
        maxZoom={18}
        minZoom={2}
        style={{ position: 'absolute', inset: 0 }}
      >
        <DeckOverlay
          layers={layers}
          pickingRadius={6}
          getCursor={({ isHovering, isDragging }) => (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab')}
          onClick={(info) => {
            const picked = pickedObject(info.layer?.id, info.object);
            if (!picked) return p.onSelect(null);
            if (picked.kind === 'pin') p.onSelect(picked.pin.pdid);
            else {
              const map = mapRef.current;
              map?.easeTo({ center: [picked.cluster.longitude, picked.cluster.latitude], zoom: (map.getZoom() ?? 5) + 2, duration: 400 });
            }
          }}
        />
        <NavigationControl position="bottom-right" showCompass={false} />
      </MapGL>

      {mode !== 'off' && (
        <div
          ref={surface}
          className={styles.surface}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={() => (setMode('off'), setStroke([]), setCircle(null))}
          aria-hidden="true"
          data-testid="draw-surface"
        />
      )}

      <div ref={overlay} className={styles.overlay}>
        <div className={styles.controls} role="toolbar" aria-label={t('map.tools', 'Map tools')}>
          <button
            type="button"
            className={`${styles.tool} ${drawing ? styles.active : ''}`}
            aria-pressed={drawing}
            disabled={(mode === 'off' && full) || sizing}
            onClick={() => toggle('on')}
          >
            <Icon name="pencil" size={18} />
            {drawing ? t('map.drawing', 'Drawing...') : t('map.draw', 'Draw Custom Search')}
          </button>
          <button
            type="button"
            className={`${styles.tool} ${sizing ? styles.active : ''}`}
            aria-pressed={sizing}
            disabled={(mode === 'off' && full) || drawing}
            onClick={() => toggle('radius')}
          >
            <Icon name="radius" size={18} />
            {t('map.radius', 'Radius')}
          </button>
          <button type="button" className={styles.tool} onClick={() => p.onPolygonsChange([])} disabled={p.polygons.length === 0}>
            <Icon name="trash" size={18} />
            {t('map.clear', 'Clear')}
          </button>
          <label className={styles.moveToggle}>
            <input type="checkbox" checked={p.searchOnMove} onChange={(e) => p.onSearchOnMoveChange(e.target.checked)} />
            <span>{t('map.searchOnMove', 'Search as I move the map')}</span>
          </label>
        </div>

        <div className={styles.status} aria-live="polite">
          {drawing ? (
            <span className={styles.hint}>{t('map.drawHint', 'Press and drag on the map to draw an area. Esc cancels.')}</span>
          ) : sizing ? (
            <span className={styles.hint} data-testid="radius-hint">
              {circle && circle.miles > 0
                ? t('map.radiusNow', 'Radius {miles}', { miles: milesLabel(circle.miles) })
                : t('map.radiusHint', 'Press on the centre and drag out the radius. Esc cancels.')}
            </span>
          ) : p.loading ? (
            <span className={styles.hint}>{t('search.searching', 'Searching…')}</span>
          ) : full ? (
            <span className={styles.hint} data-testid="polygon-cap">
              {t('map.polygonCap', '{max} drawn areas is the most a search takes. Clear them to draw another.', { max: MAX_POLYGONS })}
            </span>
          ) : capped ? (
            <span className={styles.hint} data-testid="pin-cap">
              {t('map.pinCap', 'Showing {shown} of {total} homes. Zoom in or draw an area to see them all.', { shown: p.pins.length, total: p.total })}
            </span>
          ) : clustered ? (
            <span className={styles.hint} data-testid="cluster-note">
              {t('map.clustered', '{total} homes: prices where they fit, counts in the circles.', { total: p.total })}
            </span>
          ) : p.total > 0 && !p.compact ? (
            <span className={styles.hint}>
              {isOne(p.total) ? t('search.oneHome', '{count} home', { count: p.total }) : t('search.homes', '{count} homes', { count: p.total })}
            </span>
          ) : p.total === 0 ? (
            <span className={styles.hint}>{t('map.none', 'No homes here. Try moving the map or changing filters.')}</span>
          ) : null}
        </div>
      </div>

      {p.selected && (
        <div className={styles.card} role="dialog" aria-label={t('map.selected', 'Selected home')}>
          <button type="button" className={styles.cardClose} aria-label={t('map.closeCard', 'Close property card')} onClick={() => p.onSelect(null)}>
            <Icon name="close" size={16} />
          </button>
          <ResultCard card={p.selected} eager compact />
        </div>
      )}
    </div>
  );
}
