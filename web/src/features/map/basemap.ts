import type { FeatureCollection, Geometry, MultiLineString } from 'geojson';
import type { GeoJSONSource, Map as MaplibreMap, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';

/**
 * The offline basemap: US states and counties from us-atlas, served from our own origin as
 * hashed assets and turned into GeoJSON in the browser. No tiles, no glyphs, no sprites: labels
 * come from deck.gl. An online style (MAP_STYLE_URL) replaces it when configured.
 */
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
export const COUNTY_MIN_ZOOM = 6;

export const offlineStyle: StyleSpecification = {
  version: 8,
  sources: {
    land: { type: 'geojson', data: EMPTY },
    stateLines: { type: 'geojson', data: EMPTY },
    countyLines: { type: 'geojson', data: EMPTY },
  },
  layers: [
    { id: 'water', type: 'background', paint: { 'background-color': '#d4e4ee' } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': '#f6f4ef', 'fill-antialias': true } },
    {
      id: 'county-lines',
      type: 'line',
      source: 'countyLines',
      minzoom: COUNTY_MIN_ZOOM,
      paint: { 'line-color': '#d6d9dd', 'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.4, 12, 1.2] },
    },
    {
      id: 'state-lines',
      type: 'line',
      source: 'stateLines',
      paint: { 'line-color': '#a9b3bf', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 2] },
    },
  ],
};

type AtlasTopology = Topology<{ states: GeometryCollection; counties?: GeometryCollection; nation: GeometryCollection }>;
const cache = new Map<string, Promise<AtlasTopology>>();
const RETRY_MS = [1000, 3000, 10_000];
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * One atlas file, fetched once per page. A failed fetch (a busy server's 503, a dropped
 * connection) is tried again and never kept: a kept failure left the map all water until reload.
 */
const topology = (url: string): Promise<AtlasTopology> => {
  let p = cache.get(url);
  if (!p) {
    p = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const r = await fetch(url);
          if (!r.ok) throw new Error(`${url}: ${r.status}`);
          return (await r.json()) as AtlasTopology;
        } catch (err) {
          if (attempt >= RETRY_MS.length) throw err;
          await wait(RETRY_MS[attempt]!);
        }
      }
    })();
    p.catch(() => cache.delete(url));
    cache.set(url, p);
  }
  return p;
};

// The states file is asked for as soon as the map's code loads, not after the map's own start:
// on a busy machine the map otherwise showed water only for seconds after its pins.
void topology(statesUrl).catch(() => undefined);

const lines = (g: MultiLineString): FeatureCollection => ({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: g }] });

/** Fills the offline style's sources once the map has loaded; counties when first zoomed in. */
export function attachOfflineBasemap(map: MaplibreMap): () => void {
  let countiesLoaded = false;
  const source = (id: string) => map.getSource(id) as GeoJSONSource | undefined;
  void topology(statesUrl).then(
    (t) => {
      source('land')?.setData(feature(t, t.objects.states) as FeatureCollection<Geometry>);
      source('stateLines')?.setData(lines(mesh(t, t.objects.states)));
    },
    () => undefined,
  );
  const maybeCounties = () => {
    if (countiesLoaded || map.getZoom() < COUNTY_MIN_ZOOM - 0.5) return;
    countiesLoaded = true;
    void topology(countiesUrl).then(
      (t) => {
        if (t.objects.counties) source('countyLines')?.setData(lines(mesh(t, t.objects.counties, (a, b) => a !== b)));
      },
      () => {
        countiesLoaded = false;
      },
    );
  };
  map.on('zoomend', maybeCounties);
  maybeCounties();
  return () => map.off('zoomend', maybeCounties);
}
