import type { LeadEvent } from '../../src/modules/leads/leads.events';

/** A lead's first event, as decider specs give it: Ada Lovelace, a buyer, on site `s1`. */
export const leadCaptured = (leadId = 'L1', o: { readonly siteId?: string; readonly listingPdid?: string | null } = {}): LeadEvent => ({
  type: 'LeadCaptured',
  data: {
    leadId,
    userId: 'u-lead',
    siteId: o.siteId ?? 's1',
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: null,
    leadType: 'Buyer',
    source: 'direct',
    firstTouch: { src: null, referrer: null, at: '2026-01-01T00:00:00.000Z' },
    listingPdid: o.listingPdid ?? null,
  },
});
