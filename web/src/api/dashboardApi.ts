import { request } from './http';
import { api } from './contract-client';
import { contract } from '../../../src/contract/routes';
import type { Agent } from '../../../src/contract/office';
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

export type ChatMessage = {
  readonly messageId: string;
  readonly fromUserId: string;
  readonly toUserId: string;
  readonly text: string;
  readonly at: string;
  readonly readAt: string | null;
};

export type Chat = {
  readonly chatId: string;
  readonly leadId: string;
  readonly me: string;
  readonly lead: { readonly userId: string; readonly fullName: string };
  readonly agent: { readonly userId: string; readonly fullName: string } | null;
  readonly canSend: boolean;
  readonly messages: readonly ChatMessage[];
  readonly unread: number;
};

export type { Agent };

export type MissedPush = { readonly name: string; readonly payload: Record<string, unknown> };

export const dashboardApi = {
  feed: (f: Filters, page = 1, perpage = 50) =>
    request<FeedResponse>('GET', `/api/dashboard/feed?${filtersToParams(f, new URLSearchParams({ page: String(page), perpage: String(perpage) })).toString()}`, undefined, { unique: true }),
  lead: (leadId: string, signal?: AbortSignal) =>
    request<{ lead: FeedLead; timeline: readonly TimelineEntry[]; notes: readonly NoteView[] }>('GET', `/api/dashboard/feed/lead/${encodeURIComponent(leadId)}`, undefined, { signal }),
  since: (position: string) =>
    request<{ position: string; events: readonly MissedPush[]; reset: boolean }>('GET', `/api/dashboard/feed/since?position=${encodeURIComponent(position)}`),
  getChat: (leadId?: string) => request<Chat>('POST', '/api/dashboard/chat/getchat', leadId ? { leadId } : {}),
  send: (text: string, messageId: string, leadId?: string) =>
    request<{ isSuccess: boolean; messageId: string; at: string | null }>('POST', '/api/dashboard/chat/sendmessage', { ...(leadId ? { leadId } : {}), text, messageId }),
  read: (messageId: string, leadId?: string) => request<{ isSuccess: boolean }>('POST', '/api/dashboard/chat/readmessage', { ...(leadId ? { leadId } : {}), messageId }),
  agents: () => api(contract.office.agents),
  setMlsId: (mlsId: string | null) => api(contract.office.setMlsId, { body: { mlsId } }),
  setAgentMlsId: (agentId: string, mlsId: string | null) =>
    api(contract.office.setAgentMlsId, { params: { agentId }, body: { mlsId } }),
  setActive: (agentId: string, active: boolean) => api(active ? contract.office.activate : contract.office.deactivate, { params: { agentId } }),
  officeSettings: () => api(contract.office.settings),
  changeOfficeSettings: (changes: { agentsMayClaimListings?: boolean }) => api(contract.office.changeSettings, { body: changes }),
  reassign: (leadId: string, agentId: string) => request<{ isSuccess: boolean }>('POST', `/api/dashboard/leads/${leadId}/reassign`, { agentId }),
  sendText: (leadIds: readonly string[], kind: 'text' | 'video', body: string, mediaUrl: string | null) =>
    request<{ isSuccess: boolean; sent: number; skipped: readonly { leadId: string; reason: string }[] }>('POST', '/api/dashboard/messages/send', {
      leadIds,
      kind,
      body,
      ...(kind === 'video' ? { mediaUrl } : {}),
    }),
  pushKey: () => request<{ publicKey: string }>('GET', '/api/push/publickey'),
  subscribePush: (subscription: PushSubscriptionJSON) => request<{ isSuccess: boolean }>('POST', '/api/push/subscribe', subscription),
  unsubscribePush: (endpoint: string) => request<{ isSuccess: boolean }>('POST', '/api/push/unsubscribe', { endpoint }),
};
