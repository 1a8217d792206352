import { lazy, Suspense, useEffect, useState } from 'react';
import { AccountModals } from '../features/sign-in/components/AccountModals';
import { ChatLauncherSlot } from '../features/conversation/components/ChatLauncherSlot';
import { ToastProvider } from '../ui/ToastProvider';
import { AppRoutes } from './AppRoutes';
import type { EntryPages } from './entryPages';
import { useCurrentUser } from './currentUser';
import { useLocation } from './location';
import { leftServerPage, serverPagePath, takeOver } from './serverPage';
import { SiteBranding } from './SiteBranding';
import { SiteHeader } from './SiteHeader';
import { SiteProvider } from './SiteProvider';

// Only staff acting as a user see it: nobody else loads its code.
const ImpersonationBanner = lazy(() => import('../features/backoffice/ImpersonationBanner').then((m) => ({ default: m.ImpersonationBanner })));

function ImpersonationSlot() {
  const { user } = useCurrentUser();
  return user?.impersonatorId ? (
    <Suspense fallback={null}>
      <ImpersonationBanner />
    </Suspense>
  ) : null;
}

/** Providers (the query cache comes with the pages that read through it: withQueries), the site header, the routed page, and the app-wide modals opened by query parameters. */
export function App({ pages }: { pages: EntryPages }) {
  const loc = useLocation();
  // A route the server did not render (or a move away from it) has no page of the server's to keep.
  const kept = serverPagePath();
  useEffect(() => {
    if (kept !== null && !continuesServerPage(kept, loc.pathname)) takeOver();
  }, [kept, loc.pathname]);
  const [first] = useState(loc.pathname);
  useEffect(() => {
    if (loc.pathname !== first && !continuesServerPage(first, loc.pathname)) leftServerPage();
  }, [first, loc.pathname]);
  return (
    <SiteProvider>
      <ToastProvider>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <ImpersonationSlot />
        <SiteHeader />
        <AppRoutes pathname={loc.pathname} pages={pages} />
        <SiteBranding pathname={loc.pathname} />
        <AccountModals pathname={loc.pathname} search={loc.search} />
        <ChatLauncherSlot pathname={loc.pathname} />
      </ToastProvider>
    </SiteProvider>
  );
}

/**
 * Whether the app's page at `path` goes on showing what the server rendered at `rendered`: the
 * same page, or the search list the root becomes.
 */
function continuesServerPage(rendered: string, path: string): boolean {
  return path === rendered || (rendered === '/' && path === '/search');
}
