import '../map/maplibreSetup';
import { useCallback, useRef } from 'react';
import { Map as MapGL, type MapLayerMouseEvent, type MapRef, Marker, NavigationControl } from 'react-map-gl/maplibre';
import { attachOfflineBasemap, offlineStyle } from '../map/basemap';
import styles from './Sell.module.css';

type Point = { readonly latitude: number; readonly longitude: number };

/** A map to click the home on, when its address is not one the product knows (the address field stays the keyboard's way). */
export default function PickMap({ start, zoom, picked, onPick }: { start: Point; zoom: number; picked: Point | null; onPick: (p: Point) => void }) {
  const ref = useRef<MapRef>(null);
  const onLoad = useCallback(() => {
    const map = ref.current?.getMap();
    if (map) attachOfflineBasemap(map);
  }, []);
  return (
    <div className={styles.map} role="region" aria-label="Map to pick your home on" data-testid="pick-map">
      <MapGL ref={ref} initialViewState={{ ...start, zoom }} mapStyle={offlineStyle} onLoad={onLoad} dragRotate={false} attributionControl={false}
        onClick={(e: MapLayerMouseEvent) => onPick({ latitude: e.lngLat.lat, longitude: e.lngLat.lng })} style={{ position: 'absolute', inset: 0 }}>
        {picked && (
          <Marker latitude={picked.latitude} longitude={picked.longitude} anchor="bottom">
            <span className={styles.homePin}>Your home</span>
          </Marker>
        )}
        <NavigationControl position="bottom-right" showCompass={false} />
      </MapGL>
    </div>
  );
}
