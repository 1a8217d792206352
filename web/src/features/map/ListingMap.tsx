import './maplibreSetup';
import { useCallback, useRef } from 'react';
import { Map as MapGL, type MapRef, Marker, NavigationControl } from 'react-map-gl/maplibre';
import { attachOfflineBasemap, offlineStyle } from './basemap';
import styles from './ListingMap.module.css';

export const LISTING_MAP_ZOOM = 11; // "Map default zoom 11" (spec section 9)

/**
 * A small embedded map with a named marker on the listing page; for an approximate location (the
 * postal code's centre) a shaded area instead of a pin, so no one reads it as the home's spot.
 */
export function ListingMap({
  latitude,
  longitude,
  name,
  styleUrl = null,
  approximate = false,
}: {
  latitude: number;
  longitude: number;
  name: string;
  styleUrl?: string | null;
  approximate?: boolean;
}) {
  const ref = useRef<MapRef>(null);
  const onLoad = useCallback(() => {
    const map = ref.current?.getMap();
    if (map && !styleUrl) attachOfflineBasemap(map);
  }, [styleUrl]);
  return (
    <div className={styles.wrap} role="region" aria-label={`Map showing ${name}`}>
      <MapGL
        ref={ref}
        initialViewState={{ latitude, longitude, zoom: LISTING_MAP_ZOOM }}
        mapStyle={styleUrl ?? offlineStyle}
        onLoad={onLoad}
        scrollZoom={false}
        dragRotate={false}
        attributionControl={styleUrl ? { compact: true } : false}
        style={{ position: 'absolute', inset: 0 }}
      >
        {approximate ? (
          <Marker latitude={latitude} longitude={longitude} anchor="center">
            <div className={styles.area} title="Approximate location: the zip code's area" />
          </Marker>
        ) : (
          <Marker latitude={latitude} longitude={longitude} anchor="bottom">
            <div className={styles.marker}>
              <span className={styles.name}>{name}</span>
              <span className={styles.pin} />
            </div>
          </Marker>
        )}
        <NavigationControl position="bottom-right" showCompass={false} />
      </MapGL>
    </div>
  );
}
