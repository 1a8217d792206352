import { chatMessagesOf, unreadByLead } from '../../../../projections/chat';
import { fullNames } from '../../../../projections/users';
import { randomUUID } from 'node:crypto';
import { Body, Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import type { RateLimit } from '../../../http/rate-limiter';
import { forbidden, notFound, validation } from '../../../shared/errors';
import { AddressLimiter, LEVEL, requireAuth } from '../../accounts';
import { commandContextOf } from '../../../commands/request-context';
import { chatAnswererOf, isLeadId, type Lead, leadIdFor, loadLead } from '../../leads';
import { dashboardViewer, mayView } from '../../../shared/viewer/viewer';
import { requireSite } from '../../sites';
import { readChatMessages, sendChatMessage } from './chat-commands';
import { THREAD_MESSAGES } from '../../../contract/thread';
import { CHAT_MESSAGES } from '../send-chat-message/send-message.decide';

/** How long a registered lead's first message waits for the lead to be routed before it is refused. */
const ROUTING_WAIT_MS = 5_000;

/** Messages from one client address: a brisk conversation is a few a minute, an office of agents answering at once a few dozen. */
export const CHAT_LIMIT: RateLimit = {
  name: 'chat',
  limit: 120,
  windowSeconds: 60,
  message: 'Too many chat messages from your address. Please wait a minute and try again.',
};

type ExistingLead = Extract<Lead, { exists: true }>;
type Party = { readonly userId: string; readonly lead: ExistingLead; readonly isLead: boolean; readonly maySend: boolean };

/**
 * Chat between a lead and its agent (spec section 7 "Chat"). A lead chats with the agent of
 * their lead on the current site (no leadId needed); an agent names the lead. Brokers and staff
 * may read the chats of leads they can see; only the lead and whoever answers it (chatAnswererOf) write.
 */
@Controller()
export class ChatController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
  ) {}

  @Route(contract.chat.get)
  async getChat(@Body() input: BodyOf<typeof contract.chat.get>, @Req() req: Request) {
    const party = await this.party(req, input.leadId);
    const lead = party.lead;
    const messages = await chatMessagesOf(this.pool, lead.leadId);
    const answerer = chatAnswererOf(lead);
    const names = await this.names([lead.userId, ...(answerer ? [answerer] : [])]);
    return {
      chatId: lead.leadId,
      leadId: lead.leadId,
      me: party.userId,
      lead: { userId: lead.userId, fullName: lead.fullName },
      agent: answerer ? { userId: answerer, fullName: names.get(answerer) ?? 'Your agent' } : null,
      canSend: party.maySend,
      messages,
      unread: messages.filter((m) => m.toUserId === party.userId && !m.readAt).length,
    };
  }

  @Route(contract.chat.send)
  async send(@Body() input: BodyOf<typeof contract.chat.send>, @Req() req: Request) {
    if (!input.text.trim()) throw validation(CHAT_MESSAGES.empty);
    await this.limiter.enforce(CHAT_LIMIT, req);
    const party = await this.party(req, input.leadId);
    if (!party.maySend) throw forbidden(THREAD_MESSAGES.chatAgentOnly);
    const lead = party.lead;
    const to = party.isLead ? await this.answererOf(lead) : lead.userId;
    if (!to) throw validation('Your agent is being assigned; please try again in a moment');
    const messageId = input.messageId ?? randomUUID();
    const ctx = commandContextOf(req);
    const result = await sendChatMessage(
      this.store,
      { chatId: lead.leadId, leadId: lead.leadId, siteId: lead.siteId, messageId, fromUserId: party.userId, toUserId: to, text: input.text },
      ctx,
    );
    return { isSuccess: true as const, chatId: lead.leadId, messageId, at: result.append ? ctx.now.toISOString() : null };
  }

  @Route(contract.chat.read)
  async read(@Body() input: BodyOf<typeof contract.chat.read>, @Req() req: Request) {
    const party = await this.party(req, input.leadId);
    if (!party.maySend) return { isSuccess: true as const };
    await readChatMessages(
      this.store,
      { chatId: party.lead.leadId, leadId: party.lead.leadId, readerId: party.userId, upToMessageId: input.messageId },
      commandContextOf(req),
    );
    return { isSuccess: true as const };
  }

  /** Unread messages sent to the caller, in all and per lead (the dashboard's badges). */
  @Route(contract.chat.unread)
  async unread(@Req() req: Request) {
    const auth = requireAuth(req);
    const byLead = await unreadByLead(this.pool, auth.userId);
    return { total: [...byLead.values()].reduce((s, n) => s + n, 0), byLead: Object.fromEntries(byLead) };
  }

  /**
   * Who answers the lead's chat. A lead that has just registered is routed a moment later (the
   * router is woken by the lead_routing read model), so its first message may come before any
   * agent holds it: the answer waits a few seconds for the routing rather than refuse at once.
   */
  private async answererOf(lead: ExistingLead): Promise<string | null> {
    const deadline = Date.now() + ROUTING_WAIT_MS;
    let current = lead;
    for (;;) {
      const answerer = chatAnswererOf(current);
      if (answerer || Date.now() >= deadline) return answerer;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { lead: again } = await loadLead(this.store, lead.leadId);
      if (again.exists) current = again;
    }
  }

  /** The caller's side of the chat; anyone else's lead is 404 whatever the host. */
  private async party(req: Request, leadId: string | undefined): Promise<Party> {
    const auth = requireAuth(req);
    if (auth.securityLevel < LEVEL.agent) {
      const id = leadId ?? leadIdFor(auth.userId, requireSite(req).siteId);
      const { lead } = await loadLead(this.store, id);
      if (!lead.exists || lead.userId !== auth.userId) throw notFound('No chat here yet');
      return { userId: auth.userId, lead, isLead: true, maySend: true };
    }
    const viewer = dashboardViewer(req);
    if (!leadId || !isLeadId(leadId)) throw validation('leadId is required');
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists || !mayView(viewer, lead)) throw notFound();
    return { userId: auth.userId, lead, isLead: false, maySend: chatAnswererOf(lead) === auth.userId };
  }

  private names(ids: string[]): Promise<Map<string, string>> {
    return fullNames(this.pool, ids);
  }
}
