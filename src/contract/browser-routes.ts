/**
 * The browser routes the web app draws a page of its own for (web/src/app/AppRoutes.tsx), apart
 * from the public pages the server renders (listings, areas, agents: their own 404s). Any other
 * browser path is answered with the app's not-found page and status 404.
 */
export const SEARCH_PATHS = ['/search', '/search/split', '/search/map'] as const;

/** A listing's page, `/listing/{pdid}`: the web app's listing entry serves it (web/dist/listing.html, see web/vite.config.mts). */
export const LISTING_PAGE = /^\/listing\/([^/]+)$/;

/** The public pages that are one inquiry form each. */
export const INQUIRY_PATHS = ['/sell', '/contact', '/refer', '/careers'] as const;

/** Account, organizer and staff pages, each loaded on demand. */
export const ACCOUNT_PAGE_PATHS = [
  '/dashboard/backoffice',
  '/dashboard/settings/advanced/translations',
  '/dashboard/guides',
  '/account',
  '/account/forgotpassword',
  '/account/verifyemail',
  '/account/erase',
  '/account/login/admin',
  '/dev/mailbox',
  '/organizer',
  '/showings/answer',
  '/agreements/sign',
  '/cma',
  '/ask-cma',
  '/listing-report',
  '/market-unsubscribe',
] as const;
export type AccountPagePath = (typeof ACCOUNT_PAGE_PATHS)[number];

const APP_PATHS: ReadonlySet<string> = new Set(['/', '/dashboard', ...SEARCH_PATHS, ...INQUIRY_PATHS, ...ACCOUNT_PAGE_PATHS]);

/** A path without its trailing slash ("/" stays "/"). */
export const routePath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname);

/** Whether the web app has a page of its own at `pathname` (trailing slash or not). */
export const isAppPath = (pathname: string): boolean => APP_PATHS.has(routePath(pathname));
