import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { notFound, validation } from '../../../shared/errors';
import { findLead } from '../../../../projections/lead-feed';
import { itemMark, newestItem, unreadChatUpTo } from '../../../../projections/lead-thread';
import { commandContextOf } from '../../../commands/request-context';
import { readChatMessages } from '../chat/chat-commands';
import { chatAnswererOf, isLeadId, loadLead } from '../../leads';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { threadReadStream } from '../thread.events';
import { ReadThreadCommand } from './read-thread.command';

/**
 * The viewer has read the lead's thread up to an item (default: the newest): their unread count
 * for the lead drops to what came after, and, for the lead's agent, the lead's chat messages up
 * to there are marked read too (the lead sees the receipt, as in the chat).
 */
@Controller()
export class ReadThreadController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.conversation.read)
  async read(@Param('leadId') leadId: string, @Body() input: BodyOf<typeof contract.conversation.read>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId) || !(await findLead(this.pool, viewer, leadId))) throw notFound();
    const mark = input.upToId ? await itemMark(this.pool, leadId, input.upToId) : await newestItem(this.pool, leadId);
    if (!mark) {
      if (input.upToId) throw validation('upToId must be the id of an item of the thread');
      return { isSuccess: true as const, upToId: null };
    }
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists) throw notFound();
    const ctx = commandContextOf(req);
    await this.commands.execute(
      new ReadThreadCommand(threadReadStream(leadId), { leadId, siteId: lead.siteId, readerId: viewer.userId, upToItemId: mark.id, upToAt: mark.at }, ctx),
    );
    if (chatAnswererOf(lead) === viewer.userId) {
      const chatId = await unreadChatUpTo(this.pool, leadId, mark);
      if (chatId) await readChatMessages(this.store, { chatId: leadId, leadId, readerId: viewer.userId, upToMessageId: chatId }, ctx);
    }
    return { isSuccess: true as const, upToId: mark.id };
  }
}
