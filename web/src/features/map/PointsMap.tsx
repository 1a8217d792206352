import './maplibreSetup';
import { useCallback, useRef } from 'react';
import { Map as MapGL, type MapLayerMouseEvent, type MapRef, Marker, NavigationControl } from 'react-map-gl/maplibre';
import { attachOfflineBasemap, offlineStyle } from './basemap';
import styles from './PointsMap.module.css';

type Point = { readonly latitude: number; readonly longitude: number };

type Props = {
  /** The region's name for screen readers. */
  readonly label: string;
  readonly center: Point;
  readonly zoom: number;
  /** The one named pin (a home), if any. */
  readonly home?: { readonly point: Point; readonly name: string } | null;
  /** Numbered pins, numbered from 1 in this order (the rows of a table beside the map). */
  readonly points?: readonly Point[];
  /** Framed to hold the home and every numbered pin once loaded. */
  readonly fit?: boolean;
  /** Called with the point clicked: the map is then a way to pick a place. */
  readonly onPick?: (p: Point) => void;
};

/** A small map of a home and numbered places (the seller suite's comps), or a map to click a place on. */
export function PointsMap({ label, center, zoom, home = null, points = [], fit = false, onPick }: Props) {
  const ref = useRef<MapRef>(null);
  const onLoad = useCallback(() => {
    const map = ref.current?.getMap();
    if (!map) return;
    attachOfflineBasemap(map);
    if (!fit) return;
    const all = [...(home ? [home.point] : []), ...points];
    const lats = all.map((p) => p.latitude);
    const lngs = all.map((p) => p.longitude);
    if (all.length > 1)
      map.fitBounds(
        [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        { padding: 40, maxZoom: 15, duration: 0 },
      );
  }, [fit, home, points]);
  return (
    <div className={styles.map} role="region" aria-label={label}>
      <MapGL
        ref={ref}
        initialViewState={{ ...center, zoom }}
        mapStyle={offlineStyle}
        onLoad={onLoad}
        scrollZoom={false}
        dragRotate={false}
        attributionControl={false}
        onClick={onPick ? (e: MapLayerMouseEvent) => onPick({ latitude: e.lngLat.lat, longitude: e.lngLat.lng }) : undefined}
        style={{ position: 'absolute', inset: 0 }}
      >
        {points.map((p, i) => (
          <Marker key={i} latitude={p.latitude} longitude={p.longitude} anchor="center">
            <span className={styles.numbered}>{i + 1}</span>
          </Marker>
        ))}
        {home && (
          <Marker latitude={home.point.latitude} longitude={home.point.longitude} anchor="bottom">
            <span className={styles.home}>{home.name}</span>
          </Marker>
        )}
        <NavigationControl position="bottom-right" showCompass={false} />
      </MapGL>
    </div>
  );
}
