import type { ListingPick } from '../../../../../src/contract/listings-push';
import { contract } from '../../../../../src/contract/routes';
import { api } from '../../../api/contract-client';
import { request } from '../../../api/http';

const base = (leadId: string) => `/api/dashboard/leads/${encodeURIComponent(leadId)}`;

/** Listings sent to a lead and searches set up for them (issue 16). */
export const listingsPushApi = {
  find: (leadId: string, q: string) =>
    request<{ listings: readonly ListingPick[] }>('GET', `${base(leadId)}/listings/find?q=${encodeURIComponent(q)}`, undefined, { unique: true }),
  kept: (leadId: string) => request<{ favorites: readonly ListingPick[]; viewed: readonly ListingPick[] }>('GET', `${base(leadId)}/listings/kept`),
  send: (leadId: string, pdids: readonly string[], note: string, messageId: string) =>
    request<{ messageId: string }>('POST', `${base(leadId)}/listings/send`, { pdids, ...(note.trim() ? { note } : {}), messageId }),
  saveSearch: (leadId: string, body: Readonly<Record<string, string>>) => api(contract.organizer.saveLeadSearch, { params: { leadId }, body }),
};
