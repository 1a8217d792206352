import { describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../src/modules/conversation/chat.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { chatMessagesOf, chatProjection, unreadByLead } from './index';

const LEAD = specId(1);
const LEAD_USER = specId(2);
const AGENT = specId(3);
const sent = (n: number, fromUserId: string, toUserId: string, text: string, leadId = LEAD): ChatEvent => ({
  type: 'ChatMessageSent',
  data: { chatId: leadId, leadId, siteId: specId(4), messageId: specId(100 + n), fromUserId, toUserId, text },
});
const read = (readerId: string, upTo: number): ChatEvent => ({
  type: 'ChatMessagesRead',
  data: { chatId: LEAD, leadId: LEAD, readerId, upToMessageId: specId(100 + upTo) },
});

describe('chat read model', () => {
  const spec = projectionSpecification(chatProjection);

  it('given three messages to the agent, when the agent reads up to the second, then one stays unread, and both people hear of it', () =>
    spec
      .given(
        sent(1, LEAD_USER, AGENT, 'Hi'),
        sent(2, LEAD_USER, AGENT, 'Is it available?'),
        sent(3, AGENT, LEAD_USER, 'Yes!'),
        sent(4, LEAD_USER, AGENT, 'Great'),
      )
      .when(read(AGENT, 2))
      .then(async ({ pool, pushes }) => {
        const messages = await chatMessagesOf(pool, LEAD);
        expect(messages.map((m) => [m.text, m.readAt !== null])).toEqual([
          ['Hi', true],
          ['Is it available?', true],
          ['Yes!', false],
          ['Great', false],
        ]);
        expect(await unreadByLead(pool, AGENT)).toEqual(new Map([[LEAD, 1]]));
        expect(pushes).toEqual([
          {
            to: [`user:${AGENT}`, `user:${LEAD_USER}`],
            name: 'chat.read',
            payload: { chatId: LEAD, leadId: LEAD, readerId: AGENT, upToMessageId: specId(102), at: '2026-03-02T15:05:00.000Z' },
          },
        ]);
      }));

  it('given nothing, when a message is sent twice (a retry), then it is listed once and pushed to both people', () =>
    spec
      .given()
      .when(sent(1, LEAD_USER, AGENT, 'Hi'), sent(1, LEAD_USER, AGENT, 'Hi'))
      .then(async ({ pool, pushes }) => {
        expect((await chatMessagesOf(pool, LEAD)).map((m) => m.text)).toEqual(['Hi']);
        expect(pushes[0]).toMatchObject({ to: [`user:${LEAD_USER}`, `user:${AGENT}`], name: 'chat.message', payload: { text: 'Hi' } });
      }));

  it("given chats of two leads, when one person is erased, then their lead's conversation goes and the other stays", () => {
    const erased: PersonErased = {
      type: 'PersonErased',
      data: { userId: LEAD_USER, leadIds: [LEAD], byUserId: null, how: 'request', reason: 'Asked by e-mail' },
    };
    return spec
      .given(sent(1, LEAD_USER, AGENT, 'Hi'), sent(2, specId(8), AGENT, 'Hello', specId(9)))
      .when(erased)
      .then(async ({ pool }) => {
        expect(await chatMessagesOf(pool, LEAD)).toEqual([]);
        expect(await unreadByLead(pool, AGENT)).toEqual(new Map([[specId(9), 1]]));
      });
  });
});
