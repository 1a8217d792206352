import { lazy, Suspense, useEffect } from 'react';
import { LISTING_PAGE } from '../../../src/contract/browser-routes';
import { isAgentPath, isAreaPath, TEAM_PATH } from '../../../src/contract/public-pages';
import { isSearchPath } from '../features/search/utils/searchUrl';
import { isInquiryPath } from '../features/forms/inquiryPaths';
import { isMarketPath } from '../../../src/contract/market-reports';
import type { EntryPages } from './entryPages';
import { navigate } from './location';
import { withQueries } from './withQueries';

const InquiryPage = lazy(() => import('../features/forms/InquiryPage').then((m) => ({ default: m.InquiryPage })));
const AreaRoute = lazy(() => withQueries(import('../features/public/AreaRoute').then((m) => m.AreaRoute)));
const TeamPage = lazy(() => import('../features/public/TeamPage').then((m) => ({ default: m.TeamPage })));
const AgentPage = lazy(() => import('../features/public/AgentPage').then((m) => ({ default: m.AgentPage })));
const MarketReportPage = lazy(() => import('../features/market-reports/MarketReportPage').then((m) => ({ default: m.MarketReportPage })));
const GuidePage = lazy(() => import('../features/guides/components/GuidePage').then((m) => ({ default: m.GuidePage })));
// Staff and account pages, the first run's page and the not-found page: the public pages' first load carries none of their routes.
const AccountRoutes = lazy(() => import('./AccountRoutes').then((m) => ({ default: m.AccountRoutes })));

/** The page at `pathname`; the search and listing pages are the entry's (`pages`), one of them loaded on demand. */
export function AppRoutes({ pathname, pages }: { pathname: string; pages: EntryPages }) {
  const { Search, Listing } = pages;
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  useEffect(() => {
    if (path === '/') navigate(`/search${window.location.search}`, { replace: true });
  }, [path]);

  if (path === '/' || isSearchPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <Search />
      </Suspense>
    );
  }
  const listing = LISTING_PAGE.exec(path);
  if (listing) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <Listing pdid={decodeURIComponent(listing[1]!)} />
      </Suspense>
    );
  }
  if (isAreaPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <AreaRoute path={path} />
      </Suspense>
    );
  }
  const guide = /^\/guides\/([0-9a-f-]{36})$/.exec(path);
  if (guide) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <GuidePage guideId={guide[1]!} />
      </Suspense>
    );
  }
  if (isMarketPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <MarketReportPage path={path} />
      </Suspense>
    );
  }
  if (path === TEAM_PATH) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <TeamPage />
      </Suspense>
    );
  }
  if (isAgentPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <AgentPage agentKey={/([0-9a-f]{12})$/.exec(path)![1]!} />
      </Suspense>
    );
  }
  if (isInquiryPath(path)) {
    return (
      <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
        <InquiryPage key={path} path={path} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<main id="main" className="page-loading" aria-busy="true" />}>
      <AccountRoutes path={path} />
    </Suspense>
  );
}
