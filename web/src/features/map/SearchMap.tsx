import './maplibreSetup';
import { type PointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Map as MapGL, type MapRef, NavigationControl, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { ResultCard } from '../search/ResultCard';
import { Icon } from '../../ui/Icon';
import { attachOfflineBasemap, offlineStyle } from './basemap';
import { DeckOverlay } from './DeckOverlay';
import { CLUSTER_MAX_ZOOM, type SearchMapProps, START_ZOOM } from './mapTypes';
import { type LngLat, MAX_POLYGONS, simplifyDrawnPolygon } from './polygons';
import styles from './SearchMap.module.css';
import { labelsThatFit } from './declutter';
import { pickedObject, searchLayers } from './searchLayers';

type DrawMode = 'off' | 'on' | 'drawing';
const FIT_PADDING = 48;

/**
 * The search map (loaded lazily): price pins and server clusters drawn by deck.gl over a
 * maplibre basemap; 'Draw Custom Search' turns a mouse stroke into a search polygon; moving the
 * map searches the new box when 'search as I move the map' is on.
 */
export function SearchMap(p: SearchMapProps) {
  const mapRef = useRef<MapRef>(null);
  const [mode, setMode] = useState<DrawMode>('off');
  const [stroke, setStroke] = useState<readonly LngLat[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [zoom, setZoom] = useState(p.start.kind === 'point' ? p.start.zoom : START_ZOOM);
  const [moves, setMoves] = useState(0);
  const surface = useRef<HTMLDivElement>(null);

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
    map.fitBounds(
      [
        [b.minLng - pad, b.minLat - pad],
        [b.maxLng + pad, b.maxLat + pad],
      ],
      { padding: FIT_PADDING, maxZoom: 15, duration: 0 },
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
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  const onLoad = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (map && !p.styleUrl) attachOfflineBasemap(map);
    if (map) p.onZoom(map.getZoom(), false);
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
    if (mode !== 'on' || e.button !== 0) return;
    const pt = toLngLat(e);
    if (!pt) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setMode('drawing');
    setStroke([pt]);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (mode !== 'drawing') return;
    const pt = toLngLat(e);
    if (pt) setStroke((s) => [...s, pt]);
  };
  const up = () => {
    if (mode !== 'drawing') return;
    const ring = simplifyDrawnPolygon(stroke);
    setMode('off');
    setStroke([]);
    if (ring && !full) p.onPolygonsChange([...p.polygons, ring]);
  };

  const capped = p.pins.length < p.total;
  // Zoomed out over more matches than pins: the server's clusters tell the whole truth.
  const clustered = capped && p.clusters.length > 0 && zoom < CLUSTER_MAX_ZOOM;
  const selectedPdid = p.selected?.pdid ?? null;
  // Recomputed after each move: which price labels fit without overlapping.
  const labeled = useMemo(() => {
    const map = mapRef.current;
    if (!map || clustered || !loaded) return null;
    const preferred = new Set([p.highlighted, selectedPdid].filter((x): x is string => x !== null));
    return labelsThatFit(p.pins, (pin) => map.project([pin.longitude, pin.latitude]), preferred);
  }, [p.pins, p.highlighted, selectedPdid, clustered, loaded, moves]); // eslint-disable-line react-hooks/exhaustive-deps

  const layers = useMemo(
    () =>
      searchLayers({
        pins: clustered ? [] : p.pins,
        clusters: clustered ? p.clusters : [],
        polygons: p.polygons,
        stroke,
        highlighted: p.highlighted,
        selected: selectedPdid,
        labeled,
      }),
    [clustered, p.pins, p.clusters, p.polygons, stroke, p.highlighted, selectedPdid, labeled],
  );

  return (
    <div className={`${styles.wrap} ${mode !== 'off' ? styles.drawMode : ''}`} data-testid="search-map" data-loaded={loaded || undefined} data-pins={p.pins.length} data-total={p.total} data-loading={p.loading || undefined}>
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
          onPointerCancel={() => (setMode('off'), setStroke([]))}
          aria-hidden="true"
          data-testid="draw-surface"
        />
      )}

      <div className={styles.controls} role="toolbar" aria-label="Map tools">
        <button
          type="button"
          className={`${styles.tool} ${mode !== 'off' ? styles.active : ''}`}
          aria-pressed={mode !== 'off'}
          disabled={mode === 'off' && full}
          onClick={() => {
            setStroke([]);
            setMode(mode === 'off' ? 'on' : 'off');
          }}
        >
          <Icon name="pencil" size={18} />
          {mode === 'off' ? 'Draw Custom Search' : 'Drawing...'}
        </button>
        <button type="button" className={styles.tool} onClick={() => p.onPolygonsChange([])} disabled={p.polygons.length === 0}>
          <Icon name="trash" size={18} />
          Clear
        </button>
        <label className={styles.moveToggle}>
          <input type="checkbox" checked={p.searchOnMove} onChange={(e) => p.onSearchOnMoveChange(e.target.checked)} />
          <span>Search as I move the map</span>
        </label>
      </div>

      <div className={styles.status} aria-live="polite">
        {mode !== 'off' ? (
          <span className={styles.hint}>Press and drag on the map to draw an area. Esc cancels.</span>
        ) : p.loading ? (
          <span className={styles.hint}>Searching…</span>
        ) : full ? (
          <span className={styles.hint} data-testid="polygon-cap">
            {MAX_POLYGONS} drawn areas is the most a search takes. Clear them to draw another.
          </span>
        ) : clustered ? (
          <span className={styles.hint} data-testid="pin-cap">
            {p.total.toLocaleString('en-US')} homes in {p.clusters.length.toLocaleString('en-US')} clusters. Zoom in to see prices.
          </span>
        ) : capped ? (
          <span className={styles.hint} data-testid="pin-cap">
            Showing {p.pins.length.toLocaleString('en-US')} of {p.total.toLocaleString('en-US')} homes. Zoom in or draw an area to see them all.
          </span>
        ) : p.total > 0 && !p.compact ? (
          <span className={styles.hint}>{p.total.toLocaleString('en-US')} homes</span>
        ) : p.total === 0 ? (
          <span className={styles.hint}>No homes here. Try moving the map or changing filters.</span>
        ) : null}
      </div>

      {p.selected && (
        <div className={styles.card} role="dialog" aria-label="Selected home">
          <button type="button" className={styles.cardClose} aria-label="Close property card" onClick={() => p.onSelect(null)}>
            <Icon name="close" size={16} />
          </button>
          <ResultCard card={p.selected} eager compact />
        </div>
      )}
    </div>
  );
}
