import type { LayersList } from '@deck.gl/core';
import { PathLayer, PolygonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { Cluster, Pin } from '../../../../src/contract/search';
import { clusterRadius } from './clusterCircles';
import { pinLabel } from './pinLabel';
import type { LngLat, Ring } from './polygons';

type RGBA = [number, number, number, number];
const BRAND: RGBA = [11, 107, 87, 255];
const BRAND_DARK: RGBA = [7, 82, 65, 255];
const INK: RGBA = [21, 32, 51, 255];
const WHITE: RGBA = [255, 255, 255, 255];
const SELECTED: RGBA = [245, 181, 61, 255];

export type PickedObject = { kind: 'pin'; pin: Pin } | { kind: 'cluster'; cluster: Cluster };

const compact = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1).replace(/\.0$/, '')}k` : String(n));

/**
 * The search map's deck.gl layers: drawn areas, the stroke being drawn, clusters and price pins.
 * A pin at a postal code's centre (locationApproximate) is a hollow dot and its label starts
 * with "≈": it marks the area, not the home.
 */
export function searchLayers(o: {
  pins: readonly Pin[];
  clusters: readonly Cluster[];
  polygons: readonly Ring[];
  stroke: readonly LngLat[];
  highlighted: string | null;
  selected: string | null;
  /** Pins whose price label is drawn (the others show their dot only); null: all. */
  labeled: ReadonlySet<string> | null;
}): LayersList {
  const hot = (p: Pin) => p.pdid === o.highlighted || p.pdid === o.selected;
  const pins = [...o.pins].sort((a, b) => Number(hot(a)) - Number(hot(b)));
  const labels = o.labeled ? pins.filter((p) => o.labeled!.has(p.pdid)) : pins;
  // Layers without data are left out: each one compiles shaders when first drawn.
  return [
    o.polygons.length > 0 &&
      new PolygonLayer<Ring>({
        id: 'drawn-areas',
        data: o.polygons as Ring[],
        getPolygon: (r) => r as LngLat[] as [number, number][],
        getFillColor: [11, 107, 87, 28],
        getLineColor: BRAND,
        lineWidthUnits: 'pixels',
        getLineWidth: 2,
        stroked: true,
        filled: true,
      }),
    o.stroke.length > 1 &&
      new PathLayer<readonly LngLat[]>({
        id: 'stroke',
        data: [o.stroke],
        getPath: (s) => s as [number, number][],
        getColor: BRAND,
        widthUnits: 'pixels',
        getWidth: 3,
        capRounded: true,
        jointRounded: true,
      }),
    o.clusters.length > 0 &&
      new ScatterplotLayer<Cluster>({
        id: 'clusters',
        data: o.clusters as Cluster[],
        getPosition: (c) => [c.longitude, c.latitude],
        radiusUnits: 'pixels',
        getRadius: (c) => clusterRadius(c.count),
        getFillColor: [11, 107, 87, 200],
        getLineColor: WHITE,
        lineWidthUnits: 'pixels',
        getLineWidth: 2,
        stroked: true,
        pickable: true,
      }),
    o.clusters.length > 0 &&
      new TextLayer<Cluster>({
        id: 'cluster-counts',
        data: o.clusters as Cluster[],
        getPosition: (c) => [c.longitude, c.latitude],
        getText: (c) => compact(c.count),
        getSize: 13,
        getColor: WHITE,
        fontWeight: 700,
        fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
        characterSet: 'auto',
      }),
    pins.length > 0 &&
      new ScatterplotLayer<Pin>({
        id: 'pin-dots',
        data: pins,
        getPosition: (p) => [p.longitude, p.latitude],
        radiusUnits: 'pixels',
        getRadius: (p) => (hot(p) ? 5 : 3.5),
        getFillColor: (p) => (p.locationApproximate ? WHITE : hot(p) ? BRAND_DARK : INK),
        pickable: true,
        getLineColor: (p) => (p.locationApproximate ? (hot(p) ? BRAND_DARK : INK) : WHITE),
        lineWidthUnits: 'pixels',
        getLineWidth: (p) => (p.locationApproximate ? 2 : 1.5),
        stroked: true,
        updateTriggers: { getRadius: [o.highlighted, o.selected], getFillColor: [o.highlighted, o.selected], getLineColor: [o.highlighted, o.selected] },
      }),
    labels.length > 0 &&
      new TextLayer<Pin>({
        id: 'pins',
        data: labels,
        getPosition: (p) => [p.longitude, p.latitude],
        getText: pinLabel,
        getSize: (p) => (hot(p) ? 14 : 12.5),
        getColor: (p) => (p.pdid === o.selected ? INK : hot(p) ? WHITE : INK),
        getPixelOffset: [0, -16],
        fontWeight: 700,
        fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
        characterSet: 'auto',
        background: true,
        getBackgroundColor: (p) => (p.pdid === o.selected ? SELECTED : hot(p) ? BRAND : WHITE),
        getBorderColor: (p) => (hot(p) ? BRAND_DARK : [21, 32, 51, 90]),
        getBorderWidth: 1,
        backgroundPadding: [6, 3],
        backgroundBorderRadius: 9,
        pickable: true,
        updateTriggers: {
          getSize: [o.highlighted, o.selected],
          getColor: [o.highlighted, o.selected],
          getBackgroundColor: [o.highlighted, o.selected],
          getBorderColor: [o.highlighted, o.selected],
        },
      }),
  ];
}

export function pickedObject(layerId: string | undefined, object: unknown): PickedObject | null {
  if (!object) return null;
  if (layerId === 'pins' || layerId === 'pin-dots') return { kind: 'pin', pin: object as Pin };
  if (layerId === 'clusters') return { kind: 'cluster', cluster: object as Cluster };
  return null;
}
