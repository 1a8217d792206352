import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  cellPhonePrompt,
  COMMUNICATION_BANNER,
  COOKIES,
  importOptInPrompt,
  nextPromptViews,
  type PromptSettings,
  searchBlockedByTerms,
  signUpPrompt,
} from '../../../../../src/contract/prompt-rules';
import { applyCommunicationLink } from '../api/signInApi';
import { ApiError } from '../../../api/http';
import { useCurrentUser } from '../../../app/currentUser';
import { navigate } from '../../../app/location';
import { useSite } from '../../../app/useSite';
import { useToast } from '../../../ui/useToast';
import { communicationMarkerOf, withoutCommunicationMarkers } from '../utils/communicationMarkers';
import { readCookie, writeCookie } from '../utils/cookies';
import { closeSignIn } from '../utils/openSignIn';
import { pageKindOf } from '../utils/pageKind';
import { clearSignInRequest, requestSignIn, useSignInRequest } from '../utils/signInRequest';
import { labelsLoaded, useT } from '../../../ui/translations';

// Each modal is loaded when it first opens: a visitor's first search page carries none of them.
const SignInModal = lazy(() => import('./SignInModal').then((m) => ({ default: m.SignInModal })));
const TermsGateModal = lazy(() => import('./TermsGateModal').then((m) => ({ default: m.TermsGateModal })));
const CellPhonePromptModal = lazy(() => import('./CellPhonePromptModal').then((m) => ({ default: m.CellPhonePromptModal })));
const ImportOptInModal = lazy(() => import('./ImportOptInModal').then((m) => ({ default: m.ImportOptInModal })));

const IMPORT_PROMPTED = 'importprompted';
const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback;

/**
 * The public site's account modals and gates (spec sections 2 and 4), one at a time: the
 * communication links' banner, sign-in / sign-up (by link, by the app or by the prompt rules),
 * the social sign-up's phone step, the accept-terms gate, the cell phone prompt, the import opt-in.
 */
export function AccountModals({ pathname, search }: { pathname: string; search: string }) {
  const { ready: siteReady, site } = useSite();
  const { ready: userReady, user } = useCurrentUser();
  const toast = useToast();
  const t = useT();
  const request = useSignInRequest();
  const showSignIn = new URLSearchParams(search).get('showSignIn') === '1';
  // Read before any page rewrites the address (the root redirects to /search, search pages tidy their query).
  const [marker] = useState(() => communicationMarkerOf(window.location.search));
  // showprompt=1 forces the prompt once, on the page it came with.
  const forcedOnce = useRef(new URLSearchParams(window.location.search).get('showprompt') === '1');
  const [phoneStep, setPhoneStep] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(() => readCookie(COOKIES.acceptTerms.name) === '1');
  const [cellOpen, setCellOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const counted = useRef<string | null>(null);
  // The prompt's words in the current language, without counting a page view again when they arrive.
  const translate = useRef(t);
  translate.current = t;

  // The four communication links work without a session: apply, clean the address, show the banner.
  useEffect(() => {
    if (!marker) return;
    navigate(withoutCommunicationMarkers(window.location.pathname + window.location.search + window.location.hash), { replace: true });
    applyCommunicationLink(marker.token, marker.action).then(
      () =>
        void labelsLoaded().then((t) =>
          toast({
            title: t('communication.updated.title', COMMUNICATION_BANNER.title),
            message: t('communication.updated', COMMUNICATION_BANNER.text),
            tone: 'success',
          }),
        ),
      (err: unknown) =>
        void labelsLoaded().then((t) =>
          toast({
            title: t('ui.failedToSave', 'Failed to Save'),
            message: err instanceof ApiError ? err.message : t('ui.unreachable', 'The server cannot be reached'),
            tone: 'error',
          }),
        ),
    );
  }, [marker, toast]);

  // Signed-in prompts, decided once the user is known.
  useEffect(() => {
    if (!userReady || !user) return;
    if (readCookie(COOKIES.registrationState.name) === 'unregistered') {
      setPhoneStep(true);
      return;
    }
    const ask = cellPhonePrompt({
      securityLevel: user.securityLevel,
      validCellPhone: user.validCellPhone ?? true,
      countLogin: user.count_Login ?? 0,
      promptedThisSession: readCookie(COOKIES.cellPrompted.name) !== null,
    });
    if (ask) {
      writeCookie(COOKIES.cellPrompted.name, '1', COOKIES.cellPrompted.days);
      setCellOpen(true);
      return;
    }
    const optIn = importOptInPrompt({
      user_IsImport: user.user_IsImport ?? false,
      user_Import_OptedIn: user.user_Import_OptedIn ?? false,
      user_UnsubscribeText: user.user_UnsubscribeText ?? false,
    });
    if (optIn && readCookie(IMPORT_PROMPTED) === null) {
      writeCookie(IMPORT_PROMPTED, '1', undefined);
      setImportOpen(true);
    }
  }, [userReady, user]);

  // The sign-up prompt: each page view that can prompt counts (7-day cookie); past PromptViews it shows.
  useEffect(() => {
    const page = pageKindOf(pathname);
    // A new search or another view of the results is the same search page, not another view of one.
    const viewKey = page === 'search' ? 'search' : pathname;
    if (!siteReady || !userReady || !site || counted.current === viewKey) return;
    counted.current = viewKey;
    const settings: PromptSettings = {
      PromptLevel: num(site.settings['PromptLevel'], 0),
      PromptPages: num(site.settings['PromptPages'], 0),
      PromptViews: num(site.settings['PromptViews'], 0),
    };
    const views = nextPromptViews(num(readCookie(COOKIES.promptViews.name), 0), settings, page);
    writeCookie(COOKIES.promptViews.name, String(views), COOKIES.promptViews.days);
    const forced = forcedOnce.current;
    forcedOnce.current = false;
    const decision = signUpPrompt({ settings, signedIn: user !== null, page, views, sellerSuite: pathname === '/sell', forced });
    if (decision.show) {
      requestSignIn({
        tab: 'signup',
        dismissable: decision.dismissable,
        notice: translate.current('signin.promptNotice', 'Create a free account to keep browsing homes, save searches and get alerts.'),
      });
    }
  }, [siteReady, userReady, site, user, pathname]);

  return <Suspense fallback={null}>{modal()}</Suspense>;

  function modal() {
    const signInOpen = showSignIn || request !== null;
    const termsBlocked =
      siteReady &&
      userReady &&
      pageKindOf(pathname) === 'search' &&
      searchBlockedByTerms({
        SearchRequiresAccept: site?.settings['SearchRequiresAccept'] === true,
        accepted: termsAccepted,
        securityLevel: user?.securityLevel ?? null,
      });

    if (phoneStep) {
      return (
        <SignInModal
          open
          step="1-phone"
          onClose={() => undefined}
          onPhoneSaved={() => {
            setPhoneStep(false);
            toast({ message: t('signin.welcome', 'Welcome! Your account is ready.'), tone: 'success' });
          }}
        />
      );
    }
    if (signInOpen) {
      return (
        <SignInModal
          open
          // A link or a button the visitor used can be dismissed; the app's forced prompt says itself.
          dismissable={showSignIn ? true : request!.dismissable}
          initialTab={showSignIn ? 'signin' : request!.tab}
          initialEmail={request?.email}
          notice={request?.notice}
          onClose={() => {
            clearSignInRequest();
            if (showSignIn) closeSignIn();
          }}
        />
      );
    }
    if (termsBlocked) {
      return (
        <TermsGateModal
          open
          siteName={site?.name}
          onAccept={() => {
            writeCookie(COOKIES.acceptTerms.name, '1', COOKIES.acceptTerms.days);
            setTermsAccepted(true);
          }}
        />
      );
    }
    return (
      <>
        {cellOpen && <CellPhonePromptModal open onClose={() => setCellOpen(false)} />}
        {importOpen && !cellOpen && <ImportOptInModal open onClose={() => setImportOpen(false)} />}
      </>
    );
  }
}
