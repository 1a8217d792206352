import { Controller, Inject, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { THREAD_PAGE } from '../../../contract/thread';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { findLead } from '../../../../projections/lead-feed';
import { lastChannel, threadPage, unreadByLead } from '../../../../projections/lead-thread';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { isLeadId } from '../../leads';
import { failedForLead } from '../../messaging';
import { ThreadAccess } from '../thread-access';

/**
 * A lead's one thread (contract section 5b): chat, texts, MMS, e-mails and calls in (at, id)
 * order, newest last, paged backwards; the channels the viewer can answer on; the viewer's
 * unread counts. Scoped like the dashboard: the agent's own leads (and their office's pond
 * leads, to read), the broker's office, staff all; anyone else's lead 404, leads 403.
 */
@Controller()
export class ThreadController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(ThreadAccess) private readonly access: ThreadAccess,
  ) {}

  @Route(contract.conversation.thread)
  async thread(@Param('leadId') leadId: string, @Query() q: QueryOf<typeof contract.conversation.thread>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId) || !(await findLead(this.pool, viewer, leadId))) throw notFound();
    return threadPage(this.pool, leadId, q.before ?? null, THREAD_PAGE);
  }

  @Route(contract.conversation.channels)
  async channels(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId) || !(await findLead(this.pool, viewer, leadId))) throw notFound();
    const [states, last] = await Promise.all([this.access.channels(viewer, leadId), lastChannel(this.pool, leadId)]);
    return { lastChannel: last, channels: states };
  }

  @Route(contract.conversation.failed)
  async failed(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId) || !(await findLead(this.pool, viewer, leadId))) throw notFound();
    return { failed: await failedForLead(this.pool, leadId) };
  }

  @Route(contract.conversation.unread)
  async unread(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const byLead = await unreadByLead(this.pool, viewer.userId);
    return { total: [...byLead.values()].reduce((s, n) => s + n, 0), byLead: Object.fromEntries(byLead) };
  }
}
