import { api } from './contract-client';
import { contract } from '../../../src/contract/routes';
import type { Agent } from '../../../src/contract/office';
import type { FeedLead, FeedResponse, MissedPush, Role, TimelineEntry } from '../../../src/contract/leads';
import type { QueryInput } from '../../../src/contract/route';
import { type Filters, savedForm } from '../lib/leadFilters';

export type { Filters };

export type { FeedLead, FeedResponse, MissedPush, Role, TimelineEntry };
export type LeadStatus = FeedLead['status'];

/** The lead list's filters as its query: one value as itself, several as the parameter repeated (the shapes the list's query schema takes). */
export const leadListQuery = (f: Filters) => savedForm(f) as QueryInput<typeof contract.leads.list>;

export type { Agent };

export const dashboardApi = {
  feed: (f: Filters, page = 1, perpage = 50) =>
    api(contract.leads.feed, { query: { page: String(page), perpage: String(perpage), ...leadListQuery(f) } }, { unique: true }),
  lead: (leadId: string, signal?: AbortSignal) => api(contract.leads.feedLead, { params: { leadId } }, { signal }),
  since: (position: string) => api(contract.leads.since, { query: { position } }),
  getChat: (leadId?: string) => api(contract.chat.get, { body: { leadId } }),
  send: (text: string, messageId: string, leadId?: string) => api(contract.chat.send, { body: { leadId, text, messageId } }),
  read: (messageId: string, leadId?: string) => api(contract.chat.read, { body: { leadId, messageId } }),
  agents: () => api(contract.office.agents),
  setMlsId: (mlsId: string | null) => api(contract.office.setMlsId, { body: { mlsId } }),
  setAgentMlsId: (agentId: string, mlsId: string | null) => api(contract.office.setAgentMlsId, { params: { agentId }, body: { mlsId } }),
  setBio: (bio: string) => api(contract.office.setBio, { body: { bio } }),
  linkListing: (pdid: string, agentId: string | null) => api(contract.office.linkListing, { body: { pdid, agentId } }),
  setActive: (agentId: string, active: boolean) => api(active ? contract.office.activate : contract.office.deactivate, { params: { agentId } }),
  officeSettings: () => api(contract.office.settings),
  changeOfficeSettings: (changes: { agentsMayClaimListings?: boolean }) => api(contract.office.changeSettings, { body: changes }),
  reassign: (leadId: string, agentId: string) => api(contract.leads.reassign, { params: { leadId }, body: { agentId } }),
  sendText: (leadIds: readonly string[], kind: 'text' | 'video', body: string, mediaUrl: string | null) =>
    api(contract.conversation.sendTexts, { body: { leadIds: [...leadIds], kind, body, ...(kind === 'video' ? { mediaUrl } : {}) } }),
};
