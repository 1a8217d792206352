import { request } from '../../../api/http';
import type { FailedMessage } from '../../../../../src/contract/outboxes';
import type { ChannelState, SendChannel, ThreadItem } from '../../../../../src/contract/thread';

const lead = (leadId: string) => `/api/dashboard/leads/${encodeURIComponent(leadId)}`;

/** The one thread of a lead (contract section 5b). */
export const conversationApi = {
  thread: (leadId: string, before?: string) =>
    request<{ items: readonly ThreadItem[]; hasMore: boolean }>('GET', `${lead(leadId)}/thread${before ? `?before=${encodeURIComponent(before)}` : ''}`),
  channels: (leadId: string) => request<{ lastChannel: SendChannel | null; channels: readonly ChannelState[] }>('GET', `${lead(leadId)}/thread/channels`),
  send: (leadId: string, channel: SendChannel, body: string, subject?: string) =>
    request<{ id: string; channel: string }>('POST', `${lead(leadId)}/messages`, { channel, body, ...(channel === 'email' ? { subject: subject ?? '' } : {}) }),
  /** The lead's messages that could not be delivered, with the reason. */
  failed: (leadId: string) => request<{ failed: readonly FailedMessage[] }>('GET', `${lead(leadId)}/thread/failed`),
  read: (leadId: string, upToId: string) => request<{ isSuccess: boolean; upToId: string | null }>('POST', `${lead(leadId)}/thread/read`, { upToId }),
  unread: () => request<{ total: number; byLead: Readonly<Record<string, number>> }>('GET', '/api/dashboard/thread/unread'),
};
