import { searchList, searchMap } from './searchApi';
import type { Card, Cluster, Criteria, ListResponse, MapBounds, MapResponse, MlsDisclaimer, Pin } from '../../../../../src/contract/search';
import { withCriteria } from '../utils/criteria';
import type { SearchView } from '../utils/searchUrl';

/** What any view draws from one search, whichever endpoint answered it. */
export type SearchData = {
  readonly view: SearchView;
  readonly cards: readonly Card[];
  readonly total: number;
  readonly page: number;
  readonly perpage: number;
  readonly pins: readonly Pin[];
  readonly clusters: readonly Cluster[];
  readonly mapBounds: MapBounds | null;
  readonly searchTitle: string;
  readonly searchUrl: string;
  readonly searchQs: string;
  /** The disclaimers of the MLSs whose listings are shown (IDX). */
  readonly disclaimers: readonly MlsDisclaimer[];
};

export const fromList = (r: ListResponse): SearchData => ({
  view: 'list',
  cards: r.results,
  total: r.total,
  page: r.page,
  perpage: r.perpage,
  pins: [],
  clusters: [],
  mapBounds: null,
  searchTitle: r.searchTitle,
  searchUrl: r.searchUrl,
  searchQs: r.searchQs,
  disclaimers: r.disclaimers ?? [],
});

export const fromMap = (view: 'map' | 'split', r: MapResponse, c: Criteria): SearchData => ({
  view,
  cards: r.cards ?? [],
  total: r.total,
  page: r.page ?? (Number(c.page) || 1),
  perpage: r.perpage ?? (r.cards?.length ? Math.max(r.cards.length, Number(c.perpage) || 24) : 24),
  pins: r.results.results,
  clusters: r.results.clusters ?? r.clusters ?? [],
  mapBounds: r.results.mapBounds,
  searchTitle: r.results.searchTitle,
  searchUrl: r.results.searchUrl,
  searchQs: r.results.searchQs,
  disclaimers: r.disclaimers ?? [],
});

/**
 * One search in the given view; map searches are always page 1 with the server's pin cap. The
 * map's zoom goes along (not into the address) so that server clusters fit the screen.
 */
export async function runSearch(view: SearchView, c: Criteria, zoom: number | null): Promise<SearchData> {
  if (view === 'list') return fromList(await searchList(c));
  const z: Record<string, string> = zoom === null ? {} : { zoom: String(Math.max(0, Math.round(zoom))) };
  if (view === 'map') return fromMap('map', await searchMap({ ...withCriteria(c, { page: undefined, perpage: undefined }), ...z }, 'map'), c);
  return fromMap('split', await searchMap({ ...c, ...z }, 'split'), c);
}
