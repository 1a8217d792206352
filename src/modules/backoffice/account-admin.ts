import { assertNever } from '../../shared/errors';
import type { AccountAdmin, Invoice } from '../../contract/backoffice';
import type { BackofficeEvent } from './backoffice.events';

export type { AccountAdmin, Invoice, InvoiceStatus } from '../../contract/backoffice';

export const initialAccountAdmin = (): AccountAdmin => ({
  notes: [],
  mergedInto: null,
  absorbed: [],
  links: [],
  churn: { offboarding: false, quitReason: null, platformLocked: false, marketingPaused: false, marketingPausedUntil: null, restoredDomains: [] },
  onboarding: { status: 'new', launchedSites: [], dns: null, terms: null, welcomeEmails: 0 },
  invoices: [],
});

/** One word for lists and search: merged beats offboarding beats locked. */
export const accountStatusOf = (a: AccountAdmin): 'merged' | 'offboarding' | 'locked' | 'active' =>
  a.mergedInto ? 'merged' : a.churn.offboarding ? 'offboarding' : a.churn.platformLocked ? 'locked' : 'active';

export const owedCents = (i: Invoice): number => Math.max(0, i.amountCents - i.paidCents - i.creditedCents - i.writtenOffCents);

const updateInvoice = (s: AccountAdmin, invoiceId: string, change: (i: Invoice) => Invoice): AccountAdmin => ({
  ...s,
  invoices: s.invoices.map((i) => (i.invoiceId === invoiceId ? change(i) : i)),
});

const settled = (i: Invoice): Invoice => (owedCents(i) === 0 && i.status === 'open' ? { ...i, status: 'paid' } : i);

export function evolveAccountAdmin(s: AccountAdmin, e: BackofficeEvent): AccountAdmin {
  switch (e.type) {
    case 'AccountNoteAdded':
      return { ...s, notes: [...s.notes, { noteId: e.data.noteId, text: e.data.text, reason: e.data.reason }] };
    case 'AccountsMerged': {
      const { userId, survivorId, mergedId, mergeId } = e.data;
      return userId === mergedId ? { ...s, mergedInto: { userId: survivorId, mergeId } } : { ...s, absorbed: [...s.absorbed, { userId: mergedId, mergeId }] };
    }
    case 'AccountsUnmerged': {
      const { userId, mergedId, mergeId } = e.data;
      return userId === mergedId ? { ...s, mergedInto: null } : { ...s, absorbed: s.absorbed.filter((a) => a.mergeId !== mergeId) };
    }
    case 'AccountsLinked':
      return { ...s, links: [...s.links, { userId: e.data.otherUserId, relation: e.data.relation }] };
    case 'AccountsUnlinked':
      return { ...s, links: s.links.filter((l) => l.userId !== e.data.otherUserId) };
    case 'OffboardingStarted':
      return { ...s, churn: { ...s.churn, offboarding: true } };
    case 'QuitRequested':
      return { ...s, churn: { ...s.churn, quitReason: e.data.quitReason } };
    case 'PlatformLocked':
      return { ...s, churn: { ...s.churn, platformLocked: true } };
    case 'PlatformUnlocked':
      return { ...s, churn: { ...s.churn, platformLocked: false } };
    case 'MarketingPaused':
      return { ...s, churn: { ...s.churn, marketingPaused: true, marketingPausedUntil: e.data.until } };
    case 'MarketingResumed':
      return { ...s, churn: { ...s.churn, marketingPaused: false, marketingPausedUntil: null } };
    case 'DomainRestored':
      return { ...s, churn: { ...s.churn, restoredDomains: [...s.churn.restoredDomains.filter((d) => d !== e.data.domain), e.data.domain] } };
    case 'SiteLaunched':
      return { ...s, onboarding: { ...s.onboarding, launchedSites: [...s.onboarding.launchedSites, e.data.siteId] } };
    case 'OnboardingStatusSet':
      return { ...s, onboarding: { ...s.onboarding, status: e.data.status } };
    case 'DnsRecordsSet':
      return { ...s, onboarding: { ...s.onboarding, dns: { domain: e.data.domain, records: e.data.records } } };
    case 'TermsRecorded':
      return { ...s, onboarding: { ...s.onboarding, terms: { termsVersion: e.data.termsVersion, acceptedOn: e.data.acceptedOn } } };
    case 'WelcomeEmailSent':
      return { ...s, onboarding: { ...s.onboarding, welcomeEmails: s.onboarding.welcomeEmails + 1 } };
    case 'InvoiceIssued': {
      const d = e.data;
      const invoice: Invoice = {
        invoiceId: d.invoiceId,
        number: d.number,
        description: d.description,
        dueOn: d.dueOn,
        amountCents: d.amountCents,
        paidCents: 0,
        creditedCents: 0,
        writtenOffCents: 0,
        status: 'open',
        notes: [],
        emailedTo: [],
      };
      return { ...s, invoices: [...s.invoices, invoice] };
    }
    case 'InvoicePaymentRecorded':
      return updateInvoice(s, e.data.invoiceId, (i) =>
        settled({ ...i, paidCents: i.paidCents + e.data.amountCents, status: i.status === 'disputed' ? 'open' : i.status }),
      );
    case 'InvoiceVoided':
      return updateInvoice(s, e.data.invoiceId, (i) => ({ ...i, status: 'void' }));
    case 'InvoiceDisputed':
      return updateInvoice(s, e.data.invoiceId, (i) => ({ ...i, status: 'disputed' }));
    case 'InvoiceCredited':
      return updateInvoice(s, e.data.invoiceId, (i) => settled({ ...i, creditedCents: i.creditedCents + e.data.amountCents }));
    case 'InvoiceWrittenOff':
      return updateInvoice(s, e.data.invoiceId, (i) => ({ ...i, writtenOffCents: i.writtenOffCents + e.data.amountCents, status: 'written-off' }));
    case 'InvoiceEmailed':
      return updateInvoice(s, e.data.invoiceId, (i) => ({ ...i, emailedTo: [...i.emailedTo, e.data.to] }));
    case 'InvoiceNoteAdded':
      return updateInvoice(s, e.data.invoiceId, (i) => ({ ...i, notes: [...i.notes, e.data.text] }));
    case 'FailedMessageSentAgain':
      return s;
    default:
      return assertNever(e);
  }
}

export const backofficeStream = (userId: string) => `backoffice-${userId}`;
