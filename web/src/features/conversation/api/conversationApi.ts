import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { SendChannel } from '../../../../../src/contract/thread';

const { conversation } = contract;

/** The one thread of a lead (contract section 5b). */
export const conversationApi = {
  thread: (leadId: string, before?: string) => api(conversation.thread, { params: { leadId }, query: { before } }),
  channels: (leadId: string) => api(conversation.channels, { params: { leadId } }),
  send: (leadId: string, channel: SendChannel, body: string, subject?: string, confirmQuietHours?: boolean) =>
    api(conversation.send, {
      params: { leadId },
      body: { channel, body, ...(channel === 'email' ? { subject: subject ?? '' } : {}), ...(confirmQuietHours ? { confirmQuietHours } : {}) },
    }),
  /** The lead's messages that could not be delivered, with the reason. */
  failed: (leadId: string) => api(conversation.failed, { params: { leadId } }),
  read: (leadId: string, upToId: string) => api(conversation.read, { params: { leadId }, body: { upToId } }),
  unread: () => api(conversation.unread),
};
