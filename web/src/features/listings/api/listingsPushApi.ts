import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';

/** Listings sent to a lead and searches set up for them (issue 16). */
export const listingsPushApi = {
  find: (leadId: string, q: string) => api(contract.listingMail.find, { params: { leadId }, query: { q } }, { unique: true }),
  kept: (leadId: string) => api(contract.listingMail.kept, { params: { leadId } }),
  send: (leadId: string, pdids: readonly string[], note: string, messageId: string) =>
    api(contract.listingMail.send, { params: { leadId }, body: { pdids: [...pdids], ...(note.trim() ? { note } : {}), messageId } }),
  saveSearch: (leadId: string, body: Readonly<Record<string, string>>) => api(contract.organizer.saveLeadSearch, { params: { leadId }, body }),
};
