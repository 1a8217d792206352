/** The public pages search engines are given (issue 17), as the web app reads them too. */
import type { Card } from './search';

/** GET /api/pages/agents/{key}: an agent's or broker's public page. */
export type AgentPageView = {
  readonly name: string;
  readonly role: 'Agent' | 'Broker';
  readonly photo: string | null;
  readonly bio: string;
  readonly email: string;
  /** ###-###-#### when ten digits. */
  readonly phone: string | null;
  /** The page's own address (/agents/{name}-{key}). */
  readonly path: string;
  /** Active listings shown publicly, newest first. */
  readonly listings: readonly Card[];
};

/** GET /api/pages/agents answers `{agents}`: the site's team (the broker first, then by name), for the team page /agents. */
export type TeamMember = Pick<AgentPageView, 'name' | 'role' | 'photo' | 'email' | 'phone' | 'path'>;

/** The site's team page. */
export const TEAM_PATH = '/agents';

/** GET /api/pages/listings/{pdid}/agent answers `{agent}`: the listing agent's page, or null when the listing's agent is not known. */
export type ListingAgentLink = { readonly name: string; readonly path: string };

/** GET /api/pages/area?path=/homes-for-sale/…: the search a landing page shows. */
export type AreaView = {
  readonly kind: 'city' | 'county' | 'zip';
  /** As listings write it: "Seattle", "King", "98101". */
  readonly label: string;
  /** The search criteria of the place (acl_city, acl_county or acl_zip5). */
  readonly criteria: Readonly<Record<string, string>>;
  /** The place's market in numbers, its bar chart and where its small map is centred. */
  readonly market: AreaMarket;
  /** How many homes the place's search finds, and the first page of them (newest first, as the server's page). */
  readonly total: number;
  readonly listings: readonly Card[];
};

/**
 * The market of a city, county or zip in numbers (issue 17 part 2, the area pages), from the
 * homes for sale (group 1) and sold (group 2) of the search read model.
 */
export type AreaMarket = {
  /** Homes for sale (ON_MARKET_STATUSES in contract/search). */
  readonly active: number;
  readonly medianListPrice: number | null;
  /** Of the homes for sale with a living area. */
  readonly medianPricePerSqft: number | null;
  /** Days since the listing contract date, of the homes for sale that have one. */
  readonly medianDaysOnMarket: number | null;
  /** Closed in the 12 months before `today`; null when the feed has no sold home of the place with a close date. */
  readonly soldLast12Months: number | null;
  /** The spec's bar chart: average list price of the homes for sale by bedrooms ('0' … '4', '5+'), fewest first. */
  readonly byBedrooms: readonly { readonly beds: string; readonly averagePrice: number; readonly count: number }[];
  /** Where the place's homes are (the mean of their exact points), for its small map; null when none has one. */
  readonly center: { readonly lat: number; readonly lng: number } | null;
};

/** The address of a search landing page: /homes-for-sale/{city}, /homes-for-sale/zip/{zip}, /homes-for-sale/county/{name}-county. */
export const isAreaPath = (path: string): boolean => /^\/homes-for-sale\/(?:(?:zip|county)\/)?[^/]+\/?$/.test(path);

/** The address of an agent's page. */
export const isAgentPath = (path: string): boolean => /^\/agents\/(?:[^/]*-)?[0-9a-f]{12}\/?$/.test(path);

/** "St. Helena" → "st-helena", "Coeur d'Alene" → "coeur-d-alene": lower-case letters and digits joined by hyphens. */
export const slugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

export type AreaKind = 'city' | 'county' | 'zip';

/** Where an area's "Homes for sale in …" page is: /homes-for-sale/{city}, /homes-for-sale/zip/{zip}, /homes-for-sale/county/{county}-county. */
export function areaPath(kind: AreaKind, name: string): string {
  if (kind === 'zip') return `/homes-for-sale/zip/${encodeURIComponent(name)}`;
  if (kind === 'county') return `/homes-for-sale/county/${encodeURIComponent(`${slugOf(name)}-county`)}`;
  return `/homes-for-sale/${encodeURIComponent(slugOf(name))}`;
}
