import { z } from 'zod';
import { criteriaBody, CriteriaQuery } from '../search-criteria';
import { AutocompleteSchema, CardSchema, ListingDetailsSchema, ListResponseSchema, MapResponseSchema } from '../search-schemas';
import { routes } from '../route';

const TAG = 'search';
/** Every search route may also answer 429 (past the search limits of the client address) and 503 (the search took too long). */
const LIMITED = '; 429 past the search limits of the client address, 503 when the search took too long';
const NOT_AN_OBJECT = 'The search criteria must be a JSON object';
const MapBody = criteriaBody(NOT_AN_OBJECT, { type: { type: 'string', enum: ['map', 'split'] }, zoom: { type: 'string' }, reset: { type: 'string' } });

/**
 * The public search (contract section 3). Its criteria are the spec's, checked by the search
 * parser with the spec's messages on every path a search takes; the list, map, split and
 * autocomplete handlers read them from the request as they came (search-listings.http.ts).
 */
export const searchRoutes = routes('search', {
  list: {
    method: 'GET',
    path: 'api/search',
    summary: `List search: a page of result cards, the total and the canonical searchQs${LIMITED}`,
    tag: TAG,
    access: 'anyone',
    query: CriteriaQuery,
    responses: { 200: ListResponseSchema },
  },
  map: {
    method: 'POST',
    path: 'api/search/map',
    summary: `Map search: pins (at most MAP_PIN_CAP), total, bounds of every match and clusters with true counts${LIMITED}`,
    tag: TAG,
    access: 'anyone',
    body: MapBody,
    responses: { 200: MapResponseSchema },
  },
  split: {
    method: 'POST',
    path: 'api/search/split',
    summary: `Split search: the map answer plus the list page of cards${LIMITED}`,
    tag: TAG,
    access: 'anyone',
    body: MapBody,
    responses: { 200: MapResponseSchema },
  },
  markets: {
    method: 'GET',
    path: 'api/search/markets',
    summary: `Which markets the index has: homes for sale, leases (forrent=1); the search page offers For sale / For rent when it has both${LIMITED}`,
    tag: TAG,
    access: 'anyone',
    responses: { 200: z.strictObject({ forSale: z.boolean(), forRent: z.boolean() }) },
  },
  result: {
    method: 'GET',
    path: 'api/search/result/:pdid',
    summary: `One result card, any status${LIMITED}`,
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ pdid: z.string() }),
    responses: { 200: CardSchema },
  },
  pdids: {
    method: 'POST',
    path: 'api/search/pdids',
    summary: `The result sequence (first 1,000 pdids in result order) behind Previous / Next / All${LIMITED}`,
    tag: TAG,
    access: 'anyone',
    body: criteriaBody(NOT_AN_OBJECT),
    responses: { 200: z.strictObject({ pdids: z.array(z.string()), total: z.number() }) },
  },
  autocomplete: {
    method: 'GET',
    path: 'api/search/autocomplete/:type/:term',
    summary: `Autocomplete grouped by kind (type kw, city, county, zip, address or mlsid; a term of 2 characters or more); IncludeSearches=1 adds the signed-in lead's saved searches${LIMITED}`,
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ type: z.string(), term: z.string() }),
    query: z.looseObject({
      IncludeSearches: z
        .unknown()
        .optional()
        .meta({ type: 'string', enum: ['0', '1'] }),
    }),
    responses: { 200: AutocompleteSchema },
  },
  details: {
    method: 'GET',
    path: 'api/details/:pdid',
    summary:
      'A listing with its price and status history and upcoming open houses, folded from its events, and its MLS disclaimer (404: unknown, removed, or not to be shown publicly)',
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ pdid: z.string() }),
    responses: { 200: ListingDetailsSchema },
  },
  reportPhoto: {
    method: 'POST',
    path: 'api/photo',
    summary:
      "Report a listing photo the browser could not load (400: not one of the listing's photos; 404: unknown listing; 429: more than 30 reports from the address in 10 minutes)",
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({
      pdid: z.string().min(1).max(200),
      url: z.string().min(1).max(2000),
      mlsid: z.string().max(200).nullable().optional(),
      status: z.literal('broken'),
    }),
    responses: { 204: z.undefined() },
  },
});
