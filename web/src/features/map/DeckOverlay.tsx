import { MapboxOverlay, type MapboxOverlayProps } from '@deck.gl/mapbox';
import { useControl } from 'react-map-gl/maplibre';

/** deck.gl layers drawn over the maplibre map, as a map control (one overlay per map). */
export function DeckOverlay(props: MapboxOverlayProps) {
  // Not interleaved: deck.gl 9.4's interleaved mode fails on maplibre-gl 6 ('height' of undefined).
  const overlay = useControl<MapboxOverlay>(() => new MapboxOverlay(props));
  overlay.setProps(props);
  return null;
}
