import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { DB_POOL } from '../../../runtime/tokens';
import { THREAD_PAGE } from '../../../contract/thread';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { notFound } from '../../../shared/errors';
import { findLead } from '../../../../projections/lead-feed';
import { lastChannel, threadPage, unreadByLead } from '../../../../projections/lead-thread';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { isLeadId } from '../../leads';
import { failedForLead } from '../../messaging';
import { ThreadAccess } from '../thread-access';

const ThreadQuery = z.strictObject({ before: z.uuid({ error: 'before must be the id of an item of the thread' }).optional() });

/**
 * A lead's one thread (contract section 5b): chat, texts, MMS, e-mails and calls in (at, id)
 * order, newest last, paged backwards; the channels the viewer can answer on; the viewer's
 * unread counts. Scoped like the dashboard: the agent's own leads (and their office's pond
 * leads, to read), the broker's office, staff all; anyone else's lead 404, leads 403.
 */
@Controller('api/dashboard')
export class ThreadController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(ThreadAccess) private readonly access: ThreadAccess,
  ) {}

  @ApiDoc({ summary: "A lead's conversation on every channel, newest last (before: the oldest item's id shown)", tag: 'One conversation', access: 'agents, brokers, staff (their scope)', query: ThreadQuery, responses: { 200: '{items, hasMore}' } })
  @Get('leads/:leadId/thread')
  async thread(@Param('leadId') leadId: string, @Query() query: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const q = parseBody(ThreadQuery, query);
    if (!isLeadId(leadId) || !(await findLead(this.pool, viewer, leadId))) throw notFound();
    return threadPage(this.pool, leadId, q.before ?? null, THREAD_PAGE);
  }

  @ApiDoc({ summary: 'The channels the viewer can answer on now (and why not), and the last one used', tag: 'One conversation', access: 'agents, brokers, staff (their scope)', responses: { 200: '{lastChannel, channels:[{channel, available, reason}]}' } })
  @Get('leads/:leadId/thread/channels')
  async channels(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId) || !(await findLead(this.pool, viewer, leadId))) throw notFound();
    const [states, last] = await Promise.all([this.access.channels(viewer, leadId), lastChannel(this.pool, leadId)]);
    return { lastChannel: last, channels: states };
  }

  @ApiDoc({ summary: "The lead's messages that could not be delivered (an e-mail, a listing mail, a reply notice, a plan step, an alert), with the reason", tag: 'One conversation', access: 'agents, brokers, staff (their scope)', responses: { 200: '{failed:[{id, outbox, channel, itemId, reason, attempts, lastAttemptAt, failedAt}]}' } })
  @Get('leads/:leadId/thread/failed')
  async failed(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId) || !(await findLead(this.pool, viewer, leadId))) throw notFound();
    return { failed: await failedForLead(this.pool, leadId) };
  }

  @ApiDoc({ summary: "Inbound items the viewer has not read, per lead and in all (the viewer's own leads)", tag: 'One conversation', access: 'agents, brokers, staff', responses: { 200: '{total, byLead}' } })
  @Get('thread/unread')
  async unread(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const byLead = await unreadByLead(this.pool, viewer.userId);
    return { total: [...byLead.values()].reduce((s, n) => s + n, 0), byLead: Object.fromEntries(byLead) };
  }
}
