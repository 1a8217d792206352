import { randomUUID } from 'node:crypto';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import type { NewEvent } from '../../src/shared/event';

export type Conversation = { readonly leadId: string; readonly siteId: string; readonly userId: string; readonly agentId: string; readonly phone: string };

/**
 * `count` chat messages (both ways) for `chat-<leadId>` and `count` texts (both ways) for
 * `sms-<leadId>`, numbered from `from`: a lead's conversation at size for the benchmarks.
 */
export function leadMessages(c: Conversation, from: number, count: number): { chat: NewEvent[]; texts: NewEvent[] } {
  const meta = () => metadataOf(systemContext());
  const chat = Array.from({ length: count }, (_, k): NewEvent => {
    const fromLead = (from + k) % 2 === 0;
    const data = {
      chatId: c.leadId,
      leadId: c.leadId,
      siteId: c.siteId,
      messageId: randomUUID(),
      fromUserId: fromLead ? c.userId : c.agentId,
      toUserId: fromLead ? c.agentId : c.userId,
      text: `chat ${from + k}`,
    };
    return { type: 'ChatMessageSent', data, eventId: randomUUID(), metadata: meta() };
  });
  const texts = Array.from({ length: count }, (_, k): NewEvent => {
    const data =
      k % 2 === 0
        ? {
            leadId: c.leadId,
            siteId: c.siteId,
            messageId: randomUUID(),
            byUserId: c.agentId,
            kind: 'text',
            body: `text ${from + k}`,
            mediaUrl: null,
            providerId: `SMout${from + k}`,
          }
        : { leadId: c.leadId, siteId: c.siteId, messageId: randomUUID(), from: c.phone, body: `reply ${from + k}`, media: [], providerId: `SMin${from + k}` };
    return { type: k % 2 === 0 ? 'TextMessageSent' : 'TextMessageReceived', data, eventId: randomUUID(), metadata: meta() };
  });
  return { chat, texts };
}
