import { AccountModals } from '../features/account/AccountModals';
import { ChatLauncherSlot } from '../features/chat/ChatLauncherSlot';
import { ImpersonationBanner } from '../features/backoffice/ImpersonationBanner';
import { ToastProvider } from '../ui/ToastProvider';
import { AppRoutes } from './AppRoutes';
import { useLocation } from './location';
import { SiteBranding } from './SiteBranding';
import { SiteHeader } from './SiteHeader';
import { SiteProvider } from './SiteProvider';

/** Providers, the site header, the routed page, and the app-wide modals opened by query parameters. */
export function App() {
  const loc = useLocation();
  return (
    <SiteProvider>
      <ToastProvider>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <ImpersonationBanner />
        <SiteHeader />
        <AppRoutes pathname={loc.pathname} />
        <SiteBranding pathname={loc.pathname} />
        <AccountModals pathname={loc.pathname} search={loc.search} />
        <ChatLauncherSlot pathname={loc.pathname} />
      </ToastProvider>
    </SiteProvider>
  );
}
