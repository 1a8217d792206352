import { Controller, Inject, Optional, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { cellSize, pinsBesideClusters } from '../../../../projections/search';
import type { Box } from '../../../../projections/search';
import { SearchIndex } from '../../../../projections/search';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { AppError, notFound, validation } from '../../../shared/errors';
import { autocomplete, type AutocompleteGroup } from './autocomplete';
import { ResultCache } from './result-cache';
import { SearchGate } from './search-gate';
import { SearchIndexVersion } from './search-index-version';
import { SavedSearchSuggestions } from './saved-search-suggestions.port';
import { priceShort } from '../../../contract/price';
import type { ListResponse, MapResponse } from '../../../contract/search';
import { type Card, toCard } from './card';
import { DEFAULT_PERPAGE, MAX_PERPAGE, parseSearchRequest, type SearchRequest, type SearchView } from '../../../../projections/search';
import { OPEN_VISITOR_SEARCH, type OpenVisitorSearch } from './visitor-search-index';
import { MlsDisclaimers } from '../idx/mls-disclaimers';
import { withJsonText } from '../../../http/answer-json';
import { type MapAnswer, mapAnswerJson } from '../../../http/map-answer-json';

/** The stored result sequence behind Previous / Next / All holds at most this many listings. */
export const PDIDS_CAP = 1000;
const VIEW_PATHS: Record<SearchView, string> = { list: '/search', split: '/search/split', map: '/search/map' };
export const SEARCH_TOO_SLOW = 'The search took too long; please narrow it and try again';
/** PostgreSQL's query_canceled: the search pool's statement_timeout ended the statement. */
const CANCELED = '57014';

const asObject = (body: unknown): Record<string, unknown> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validation('The search criteria must be a JSON object');
  return body as Record<string, unknown>;
};

/**
 * Search (contract section 3): list, map and split, result cards, autocomplete, result sequence.
 * Every route goes through the SearchGate of the client's address (429 past its limits) and
 * queries the index on one connection of the search pool, whose statements PostgreSQL cancels
 * past SEARCH_STATEMENT_TIMEOUT_MS (503). The limits are in the README's Search limits.
 *
 * List, map, split and autocomplete read their criteria from the request as they came, not
 * through the contract's pipe: the lean path (lean-search-routes.ts) calls the same methods
 * without Nest, so the search parser's checks (the spec's messages) must be the only ones on
 * both paths, and the hot path does no work the contract would add.
 */
@Controller()
export class SearchListingsController {
  private readonly cache: ResultCache<unknown>;

  constructor(
    @Inject(OPEN_VISITOR_SEARCH) private readonly open: OpenVisitorSearch,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(SearchIndexVersion) indexVersion: SearchIndexVersion,
    @Inject(SearchGate) private readonly gate: SearchGate,
    @Inject(MlsDisclaimers) private readonly disclaimers: MlsDisclaimers,
    @Optional() @Inject(SavedSearchSuggestions) private readonly savedSearches?: SavedSearchSuggestions,
  ) {
    this.cache = new ResultCache(config.searchCacheMs, config.searchCacheBytes, () => indexVersion.current());
  }

  @Route(contract.search.list)
  list(@Req() http: Request) {
    return this.listOf(http.query, http);
  }

  listOf(query: Record<string, unknown>, http: Request): Promise<ListResponse> {
    return this.searching(http, (index) => {
      const req = parseSearchRequest(query, 'list');
      const perpage = listPerpage(req.perpage);
      return this.cache.get(`list ${req.page} ${perpage} ${req.searchQs}`, async () => {
        const found = await index.page(req.criteria, { offset: (req.page - 1) * perpage, limit: perpage });
        const disclaimers = await this.disclaimers.forPdids(found.listings.map((l) => l.pdid));
        return { results: found.listings.map(toCard), total: found.total, page: req.page, perpage, ...titles(req, 'list'), disclaimers };
      }) as Promise<ListResponse>;
    });
  }

  @Route(contract.search.map)
  map(@Req() http: Request) {
    const body: unknown = http.body;
    return this.searching(http, (index) => this.mapOrSplit(index, asObject(body), 'map'));
  }

  @Route(contract.search.split)
  split(@Req() http: Request) {
    const body: unknown = http.body;
    return this.searching(http, (index) => this.mapOrSplit(index, asObject(body), 'split'));
  }

  @Route(contract.search.markets)
  markets(@Req() http: Request): Promise<{ forSale: boolean; forRent: boolean }> {
    return this.searching(
      http,
      (index) =>
        this.cache.get('markets', async () => {
          const any = async (raw: Record<string, string>) =>
            (await index.search(parseSearchRequest(raw, 'list').criteria, { offset: 0, limit: 1 })).pdids.length > 0;
          const [forSale, forRent] = await Promise.all([any({}), any({ forrent: '1' })]);
          return { forSale, forRent };
        }) as Promise<{ forSale: boolean; forRent: boolean }>,
    );
  }

  @Route(contract.search.result)
  result(@Param('pdid') pdid: string, @Req() http: Request): Promise<Card> {
    return this.searching(http, async (index) => {
      const [card] = (await index.listings([pdid])).map(toCard);
      if (!card) throw notFound('No such listing');
      return card;
    });
  }

  @Route(contract.search.pdids)
  pdids(@Req() http: Request) {
    const body: unknown = http.body;
    return this.searching(http, async (index) => {
      const req = parseSearchRequest(asObject(body), 'list');
      const found = await index.search(req.criteria, { offset: 0, limit: PDIDS_CAP });
      return { pdids: found.pdids, total: found.total };
    });
  }

  @Route(contract.search.autocomplete)
  suggest(@Req() http: Request) {
    // Named segments of the route's path: one string each.
    return this.suggestFor(http.params.type as string, http.params.term as string, http.query, http);
  }

  suggestFor(type: string, term: string, query: Record<string, unknown>, req: Request) {
    return this.searching(req, async (index) => {
      for (const k of Object.keys(query)) if (k !== 'IncludeSearches') throw validation(`Unknown autocomplete parameter: ${k}`);
      const include = query.IncludeSearches;
      if (include !== undefined && typeof include !== 'string') throw validation('IncludeSearches must be 1 or 0');
      const shared = (await this.cache.get(`suggest ${type} ${include ?? ''} ${term.trim().toLowerCase()}`, () =>
        autocomplete(index, type, term, include),
      )) as { groups: AutocompleteGroup[] };
      const own = include === '1' && type === 'kw' ? await this.savedSearches?.group(req, term.trim().replace(/\s+/g, ' ')) : undefined;
      return own ? { groups: [own, ...shared.groups] } : shared;
    });
  }

  /**
   * A search for the client of `http` (its address after TRUST_PROXY, as sign-in reads it)
   * within its limits, on one connection of the search pool (taken only if it queries); a
   * statement cancelled by the timeout answers 503.
   */
  private searching<T>(http: Request, search: (index: SearchIndex) => Promise<T>): Promise<T> {
    return this.gate.run(http.ip ?? 'unknown', async () => {
      const visitor = this.open();
      try {
        return await search(visitor.index);
      } catch (err) {
        if ((err as { code?: unknown }).code === CANCELED) throw new AppError('unavailable', SEARCH_TOO_SLOW);
        throw err;
      } finally {
        visitor.close();
      }
    });
  }

  private async mapOrSplit(index: SearchIndex, body: Record<string, unknown>, view: 'map' | 'split'): Promise<MapResponse> {
    const req = parseSearchRequest(body, view);
    if (req.type !== undefined && req.type !== view) throw validation(`type must be ${view} here`);
    const cap = this.config.mapPinCap;
    const pins = req.perpage ?? cap;
    if (pins > cap) throw validation(`perpage must be a whole number from 1 to ${cap} on the map`);
    return this.cache.get(`${view} ${req.page} ${pins} ${req.zoom} ${req.searchQs}`, () =>
      mapAnswer(index, this.disclaimers, req, view, pins),
    ) as Promise<MapResponse>;
  }
}

async function mapAnswer(index: SearchIndex, disclaimers: MlsDisclaimers, req: SearchRequest, view: 'map' | 'split', pins: number) {
  const clusterLevel = clusterLevelFor(req.criteria.box, req.zoom);
  const [found, page] = await Promise.all([
    index.map(req.criteria, { pins, clusterLevel }),
    view === 'split' ? index.page(req.criteria, { offset: (req.page - 1) * DEFAULT_PERPAGE, limit: DEFAULT_PERPAGE }) : undefined,
  ]);
  const shown = [...found.pins.map((p) => p.pdid), ...(page?.listings.map((l) => l.pdid) ?? [])];
  const drawn = pinsBesideClusters(found.pins, found.clusters, clusterLevel);
  const answer: MapAnswer = {
    total: found.total,
    results: {
      ...titles(req, view),
      // Every pin of a forrent search is a lease: the map labels it with its rent per month.
      results: found.pins.map((p, i) => ({
        pdid: p.pdid,
        latitude: p.latitude,
        longitude: p.longitude,
        priceShort: priceShort(p.price),
        ...(req.criteria.forRent && p.price !== null ? { priceLabel: priceShort(p.price, true)! } : {}),
        locationApproximate: p.locationApproximate,
        inCluster: drawn.inCluster[i]!,
      })),
      mapBounds: found.bounds,
    },
    clusters: found.clusters.map((c, i) => ({ latitude: c.latitude, longitude: c.longitude, count: c.count, complete: drawn.complete[i]! })),
    ...(page ? { cards: page.listings.map(toCard), page: req.page, perpage: DEFAULT_PERPAGE } : {}),
    disclaimers: await disclaimers.forPdids(shown),
  };
  return withJsonText(answer, mapAnswerJson(answer));
}

function listPerpage(asked: number | undefined): number {
  if (asked === undefined) return DEFAULT_PERPAGE;
  if (asked > MAX_PERPAGE) throw validation(`perpage must be a whole number from 1 to ${MAX_PERPAGE}`);
  return asked;
}

function titles(req: SearchRequest, view: SearchView) {
  return { searchTitle: req.searchTitle, searchUrl: `${VIEW_PATHS[view]}${req.searchQs ? `?${req.searchQs}` : ''}`, searchQs: req.searchQs };
}

/**
 * Cluster cells of about 32 screen pixels: a 256-pixel tile spans 360 / 2^zoom degrees. Without
 * a zoom the map box stands for the viewport (about eight cells across), else the spec's start zoom 5.
 */
export function clusterLevelFor(box: Box | undefined, zoom: number | undefined): number {
  if (zoom !== undefined) return Math.min(20, zoom + 3);
  if (!box) return 8;
  const span = Math.max(box.maxLng - box.minLng, box.maxLat - box.minLat, cellSize(20));
  return Math.max(0, Math.min(20, Math.round(Math.log2(360 / (span / 8)))));
}
