import '../map/maplibreSetup';
import { useCallback, useRef } from 'react';
import { Map as MapGL, type MapRef, Marker, NavigationControl } from 'react-map-gl/maplibre';
import { attachOfflineBasemap, offlineStyle } from '../map/basemap';
import styles from './Sell.module.css';

type Point = { readonly latitude: number; readonly longitude: number };

/** The home and its comps on a small map: the home a pin, each comp its number from the table. */
export default function CompsMap({ home, comps }: { home: Point; comps: readonly Point[] }) {
  const ref = useRef<MapRef>(null);
  const onLoad = useCallback(() => {
    const map = ref.current?.getMap();
    if (!map) return;
    attachOfflineBasemap(map);
    const lats = [home.latitude, ...comps.map((c) => c.latitude)];
    const lngs = [home.longitude, ...comps.map((c) => c.longitude)];
    map.fitBounds([[Math.min(...lngs), Math.min(...lats)], [Math.max(...lngs), Math.max(...lats)]], { padding: 40, maxZoom: 15, duration: 0 });
  }, [home, comps]);
  return (
    <div className={styles.map} role="region" aria-label="Map of your home and the comparable sales">
      <MapGL ref={ref} initialViewState={{ latitude: home.latitude, longitude: home.longitude, zoom: 13 }} mapStyle={offlineStyle} onLoad={onLoad} scrollZoom={false} dragRotate={false} attributionControl={false} style={{ position: 'absolute', inset: 0 }}>
        {comps.map((c, i) => (
          <Marker key={i} latitude={c.latitude} longitude={c.longitude} anchor="center">
            <span className={styles.compPin}>{i + 1}</span>
          </Marker>
        ))}
        <Marker latitude={home.latitude} longitude={home.longitude} anchor="bottom">
          <span className={styles.homePin}>Your home</span>
        </Marker>
        <NavigationControl position="bottom-right" showCompass={false} />
      </MapGL>
    </div>
  );
}
