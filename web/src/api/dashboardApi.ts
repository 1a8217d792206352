import { api } from './contract-client';
import { request } from './http';
import { contract } from '../../../src/contract/routes';
import type { NoteView } from '../../../src/contract/tasks';
import { type Filters, filtersToParams } from '../lib/leadFilters';

export type { Filters };

export type Role = 'agent' | 'broker' | 'staff';
export type LeadStatus = 'new' | 'contacted';

export type FeedLead = {
  readonly leadId: string;
  readonly fullName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly leadType: string;
  readonly source: string;
  readonly assignedAgentId: string | null;
  readonly createdAt: string;
  readonly lastActivityAt: string;
  readonly status: LeadStatus;
  readonly siteId: string;
  /** The site's subdomain, and the name it goes by (what a person reads). */
  readonly site: string | null;
  readonly siteName: string | null;
  readonly listingPdid: string | null;
  readonly userId: string;
  readonly stage: string;
  readonly tags: readonly string[];
  readonly firstContactAt: string | null;
  readonly lastContactAt: string | null;
  readonly inPond: boolean;
  /** The lead score (issue 19) as of the lead's latest event, 0 to 100. */
  readonly score: number;
};

export type FeedResponse = {
  readonly leads: readonly FeedLead[];
  readonly total: number;
  readonly page: number;
  readonly perpage: number;
  readonly sources: readonly string[];
  readonly position: string;
  readonly me: { readonly userId: string; readonly role: Role };
};

/** `mergedFrom`: the name of the lead merged into this one that the entry came from (issue 18); absent for the lead's own. */
export type TimelineEntry = { readonly type: string; readonly at: string; readonly summary: string; readonly mergedFrom?: string };

export type Agent = {
  readonly userId: string;
  readonly fullName: string;
  readonly email: string;
  readonly securityLevel: number;
  readonly brokerId: string | null;
  readonly active: boolean;
  readonly bio: string;
  readonly mlsId: string | null;
  /** The MLS id the agent gave, until the broker confirms it. */
  readonly pendingMlsId: string | null;
};

/** What a broker decides for the office (GET/POST /api/dashboard/office/settings). */
export type OfficeSettings = { readonly agentsMayClaimListings: boolean };

export type MissedPush = { readonly name: string; readonly payload: Record<string, unknown> };

export const dashboardApi = {
  feed: (f: Filters, page = 1, perpage = 50) =>
    request<FeedResponse>('GET', `/api/dashboard/feed?${filtersToParams(f, new URLSearchParams({ page: String(page), perpage: String(perpage) })).toString()}`, undefined, { unique: true }),
  lead: (leadId: string, signal?: AbortSignal) =>
    request<{ lead: FeedLead; timeline: readonly TimelineEntry[]; notes: readonly NoteView[] }>('GET', `/api/dashboard/feed/lead/${encodeURIComponent(leadId)}`, undefined, { signal }),
  since: (position: string) =>
    request<{ position: string; events: readonly MissedPush[]; reset: boolean }>('GET', `/api/dashboard/feed/since?position=${encodeURIComponent(position)}`),
  getChat: (leadId?: string) => api(contract.chat.get, { body: { leadId } }),
  send: (text: string, messageId: string, leadId?: string) => api(contract.chat.send, { body: { leadId, text, messageId } }),
  read: (messageId: string, leadId?: string) => api(contract.chat.read, { body: { leadId, messageId } }),
  agents: () => request<{ agents: readonly Agent[] }>('GET', '/api/dashboard/agents'),
  setMlsId: (mlsId: string | null) => request<{ isSuccess: boolean; mlsId: string | null; pendingMlsId: string | null }>('POST', '/api/dashboard/agents/mlsid', { mlsId }),
  setAgentMlsId: (agentId: string, mlsId: string | null) =>
    request<{ isSuccess: boolean; mlsId: string | null; pendingMlsId: string | null }>('POST', `/api/dashboard/agents/${encodeURIComponent(agentId)}/mlsid`, { mlsId }),
  setActive: (agentId: string, active: boolean) => request<{ isSuccess: boolean }>('POST', `/api/dashboard/agents/${agentId}/${active ? 'activate' : 'deactivate'}`, {}),
  officeSettings: () => request<{ brokerId: string; settings: OfficeSettings }>('GET', '/api/dashboard/office/settings'),
  changeOfficeSettings: (changes: Partial<OfficeSettings>) =>
    request<{ isSuccess: boolean; brokerId: string; settings: OfficeSettings }>('POST', '/api/dashboard/office/settings', changes),
  reassign: (leadId: string, agentId: string) => request<{ isSuccess: boolean }>('POST', `/api/dashboard/leads/${leadId}/reassign`, { agentId }),
  sendText: (leadIds: readonly string[], kind: 'text' | 'video', body: string, mediaUrl: string | null) =>
    api(contract.conversation.sendTexts, { body: { leadIds: [...leadIds], kind, body, ...(kind === 'video' ? { mediaUrl } : {}) } }),
  pushKey: () => request<{ publicKey: string }>('GET', '/api/push/publickey'),
  subscribePush: (subscription: PushSubscriptionJSON) => request<{ isSuccess: boolean }>('POST', '/api/push/subscribe', subscription),
  unsubscribePush: (endpoint: string) => request<{ isSuccess: boolean }>('POST', '/api/push/unsubscribe', { endpoint }),
};
