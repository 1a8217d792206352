import type { Cluster, MapResponse, MapResults, Pin } from '../contract/search';

/** A pin as the controller builds it: a listing without a price has no priceShort (null). */
type MapPin = Omit<Pin, 'priceShort'> & { readonly priceShort: string | null };
/** A map or split answer as the search controller builds it (contract MapResponse, a pin without a price having none). */
export type MapAnswer = Omit<MapResponse, 'results'> & { readonly results: Omit<MapResults, 'results'> & { readonly results: readonly MapPin[] } };

const json = JSON.stringify;
/** A number as JSON writes it: the shortest form that reads back the same, null when not finite. */
const num = (n: number): string => (Number.isFinite(n) ? `${n}` : 'null');
const bool = (b: boolean | undefined, key: string): string => (b === undefined ? '' : `,"${key}":${b}`);

function pinsJson(pins: readonly MapPin[]): string {
  let s = '[';
  for (let i = 0; i < pins.length; i++) {
    const p = pins[i]!;
    s += `${i === 0 ? '' : ','}{"pdid":${json(p.pdid)},"latitude":${num(p.latitude)},"longitude":${num(p.longitude)},"priceShort":${json(p.priceShort)}${p.priceLabel === undefined ? '' : `,"priceLabel":${json(p.priceLabel)}`},"locationApproximate":${p.locationApproximate}${bool(p.inCluster, 'inCluster')}}`;
  }
  return `${s}]`;
}

function clustersJson(clusters: readonly Cluster[]): string {
  let s = '[';
  for (let i = 0; i < clusters.length; i++) {
    const c = clusters[i]!;
    s += `${i === 0 ? '' : ','}{"latitude":${num(c.latitude)},"longitude":${num(c.longitude)},"count":${num(c.count)}${bool(c.complete, 'complete')}}`;
  }
  return `${s}]`;
}

/**
 * A map or split answer's JSON text: the bytes JSON.stringify gives for the answer as the search
 * controller builds it (its keys in that order), with its pins and clusters written a record at
 * a time. On a metro view (100 pins, 50 to 80 clusters) JSON.stringify took about 100 µs and this
 * about 60 (docs/benchmarks.md, The HTTP layer); the map is the search page's most asked request.
 * The rest (titles, bounds, cards, disclaimers) goes through JSON.stringify as it is.
 */
export function mapAnswerJson(a: MapAnswer): string {
  const r = a.results;
  let s =
    `{"total":${num(a.total)},"results":{"searchTitle":${json(r.searchTitle)},"searchUrl":${json(r.searchUrl)},"searchQs":${json(r.searchQs)}` +
    `,"results":${pinsJson(r.results)},"mapBounds":${json(r.mapBounds)}}`;
  if (a.clusters) s += `,"clusters":${clustersJson(a.clusters)}`;
  if (a.cards) s += `,"cards":${json(a.cards)},"page":${num(a.page!)},"perpage":${num(a.perpage!)}`;
  return `${s},"disclaimers":${json(a.disclaimers)}}`;
}
