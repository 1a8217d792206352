import type { LeadEvent } from '../../src/modules/leads/leads.events';

/** A lead's events for the leads context's given/when/then specs: lead L1 of user u-lead on site s1, office B. */
export const LEAD = 'L1';
export const LEAD_USER = 'u-lead';

export const captured = (over: Partial<Extract<LeadEvent, { type: 'LeadCaptured' }>['data']> = {}): LeadEvent => ({
  type: 'LeadCaptured',
  data: {
    leadId: LEAD,
    userId: LEAD_USER,
    siteId: 's1',
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '2065550100',
    leadType: 'Buyer',
    source: 'direct',
    firstTouch: { src: null, referrer: null, at: '2026-01-01T00:00:00.000Z' },
    listingPdid: null,
    ...over,
  },
});

export const assigned = (agentId: string, officeId: string | null = 'B'): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: LEAD, siteId: 's1', agentId, officeId, rule: 'round-robin', ruleVersion: 1 },
});

export const stageChanged = (fromStage: string, stage: string, byUserId: string | null = 'A1'): LeadEvent => ({
  type: 'LeadStageChanged',
  data: { leadId: LEAD, siteId: 's1', stage, fromStage, byUserId },
});

export const firstContacted = (byUserId = 'A1', via: 'text' | 'chat' | 'stage' = 'text', at = '2026-01-01T01:00:00.000Z'): LeadEvent => ({
  type: 'LeadFirstContacted',
  data: { leadId: LEAD, siteId: 's1', byUserId, via, at },
});

export const tagsChanged = (tags: readonly string[], byUserId = 'A1'): LeadEvent => ({
  type: 'LeadTagsChanged',
  data: { leadId: LEAD, siteId: 's1', tags, byUserId },
});

/** The same first event with its own id and site (the pond's specs): no phone. */
export const leadCaptured = (leadId = LEAD, o: { readonly siteId?: string; readonly listingPdid?: string | null } = {}): LeadEvent =>
  captured({ leadId, phone: null, siteId: o.siteId ?? 's1', listingPdid: o.listingPdid ?? null });
