/**
 * The public site's modal and gate rules (product description section 4), as pure functions the
 * web app calls with what it knows (site settings, cookies, the current user). No Node or Nest
 * imports: web/ imports this file.
 */

/** Cookie names and lifetimes of section 9 (days; undefined = a session cookie). */
export const COOKIES = {
  lang: { name: 'lang', days: 7 },
  promptViews: { name: 'promptviews', days: 7 },
  maxViews: { name: 'maxviews', days: 1 },
  registrationState: { name: 'registration-state', days: 5 },
  fbPrompt: { name: 'fbprompt', days: 1 },
  acceptTerms: { name: 'accept-terms', days: 30 },
  cellPrompted: { name: 'cellprompted', days: undefined },
  defaultDays: 30,
} as const;

export type PromptSettings = {
  readonly PromptLevel: number;
  /** 0 all pages except account, 1 details only, 2 search only, 3 details and search. */
  readonly PromptPages: number;
  readonly PromptViews: number;
};

export type PageKind = 'search' | 'details' | 'account' | 'other';

/** Whether a page of this kind is one on which the site prompts (and counts views). */
export function promptsOnPage(pages: number, page: PageKind): boolean {
  switch (pages) {
    case 0:
      return page !== 'account';
    case 1:
      return page === 'details';
    case 2:
      return page === 'search';
    case 3:
      return page === 'details' || page === 'search';
    default:
      return false;
  }
}

export type SignUpPromptInput = {
  readonly settings: PromptSettings;
  readonly signedIn: boolean;
  readonly page: PageKind;
  /** The view counter from the 'promptviews' cookie, this view included. */
  readonly views: number;
  /** The seller suite never prompts. */
  readonly sellerSuite: boolean;
  /** showprompt=1 in the query, or a cookie that forces the prompt. */
  readonly forced: boolean;
};

export type PromptDecision = { readonly show: boolean; readonly dismissable: boolean };

/**
 * The sign-up prompt for signed-out visitors: never with PromptLevel 0 or in the seller suite;
 * otherwise on the pages PromptPages names once the views exceed PromptViews. A forced prompt
 * shows on any page. Dismissable only with PromptLevel 1 or lower, or when forced.
 */
export function signUpPrompt(input: SignUpPromptInput): PromptDecision {
  const { settings } = input;
  const dismissable = settings.PromptLevel <= 1 || input.forced;
  if (input.signedIn) return { show: false, dismissable };
  if (input.forced) return { show: true, dismissable: true };
  if (settings.PromptLevel <= 0 || input.sellerSuite) return { show: false, dismissable };
  const show = promptsOnPage(settings.PromptPages, input.page) && input.views > settings.PromptViews;
  return { show, dismissable };
}

/** The next value of the view counter: only pages that can prompt count. */
export const nextPromptViews = (current: number, settings: PromptSettings, page: PageKind): number =>
  promptsOnPage(settings.PromptPages, page) ? Math.max(0, Math.floor(current)) + 1 : Math.max(0, Math.floor(current));

/** The sign-in/sign-up modal is dismissable only when the visitor opened it. */
export const signInModalDismissable = (openedBy: 'visitor' | 'forced'): boolean => openedBy === 'visitor';

export type CellPromptInput = {
  readonly securityLevel: number;
  readonly validCellPhone: boolean;
  readonly countLogin: number;
  /** The 'cellprompted' session cookie is set. */
  readonly promptedThisSession: boolean;
};

/** Level-5 users without a valid cell, on every third sign-in, once per browser session. */
export const cellPhonePrompt = (u: CellPromptInput): boolean =>
  u.securityLevel === 5 && !u.validCellPhone && u.countLogin > 0 && u.countLogin % 3 === 0 && !u.promptedThisSession;

export type TermsGateInput = {
  readonly SearchRequiresAccept: boolean;
  /** The 'accept-terms' cookie is set. */
  readonly accepted: boolean;
  /** null when signed out. */
  readonly securityLevel: number | null;
};

/** Search is blocked until the terms are accepted, unless the visitor is signed in (level 5+). */
export const searchBlockedByTerms = (g: TermsGateInput): boolean =>
  g.SearchRequiresAccept && !g.accepted && !(g.securityLevel !== null && g.securityLevel >= 5);

export type ImportOptInInput = {
  readonly user_IsImport: boolean;
  readonly user_Import_OptedIn: boolean;
  readonly user_UnsubscribeText: boolean;
};

export const importOptInPrompt = (u: ImportOptInInput): boolean => u.user_IsImport && !u.user_Import_OptedIn && u.user_UnsubscribeText;

/** The 'lang' cookie: 7 days, or a session cookie for English. */
export const langCookieDays = (lang: string): number | undefined => (lang.toLowerCase().startsWith('en') ? undefined : COOKIES.lang.days);

/**
 * After a successful inquiry the page reloads, unless the form asked not to, the visitor was
 * already signed in, or the form belongs to the lender product.
 */
export const reloadAfterInquiry = (o: { noReload: boolean; wasSignedIn: boolean; lender: boolean }): boolean => !o.noReload && !o.wasSignedIn && !o.lender;

/** Levels 10 up to below 25 go to their dashboard after sign-in; everyone else reloads. */
export const dashboardUrlFor = (securityLevel: number): string | null => (securityLevel >= 10 && securityLevel < 25 ? '/dashboard' : null);

/** The four communication markers of section 2 and the banner shown after any of them. */
export const COMMUNICATION_MARKERS = ['obliterate_all_communication', 'unsubscribe_email', 'unsubscribe_text', 'On_PropertyAlerts'] as const;
export type CommunicationMarker = (typeof COMMUNICATION_MARKERS)[number];
export const COMMUNICATION_BANNER = {
  title: 'Updated Communication Settings!',
  text: 'Your communication settings have been updated.',
} as const;
