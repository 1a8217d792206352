import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { listTasks, type TaskScope } from '../../../../projections/tasks';
import { DB_POOL } from '../../../app/tokens';
import { TASK_DUE } from '../../../contract/tasks';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { forbidden, notFound } from '../../../shared/errors';
import { dashboardViewer, mayView, type Viewer } from '../../../shared/viewer/viewer';
import { loadLead } from '../../leads';
import { oneOf } from '../../../http/fields';

const ListQuery = z.strictObject({
  due: oneOf(TASK_DUE, `due must be one of ${TASK_DUE.join(', ')}`).optional(),
  leadId: z.uuid({ error: 'leadId is not an id' }).optional(),
  scope: oneOf(['mine', 'office'] as const, 'scope must be mine or office').optional(),
});

export const ONLY_BROKERS_SEE_OFFICE = "Only brokers see the office's tasks";

@Controller('api/dashboard/tasks')
export class ListTasksController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  /**
   * Overdue, today's (the assignee's day) or upcoming tasks: the viewer's own (`scope=mine`, the
   * default), the office's (brokers; staff: all), or every task of one lead the viewer may see.
   */
  @ApiDoc({ summary: "Overdue, today's or upcoming tasks: mine, the office's, or one lead's", tag: 'Working a lead', access: 'agents, brokers, staff (their scope)', query: ListQuery })
  @Get()
  async list(@Query() query: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const q = parseBody(ListQuery, query);
    const tasks = await listTasks(this.pool, await this.scopeOf(viewer, q.leadId, q.scope ?? 'mine'), q.due, new Date());
    return { tasks };
  }

  private async scopeOf(viewer: Viewer, leadId: string | undefined, scope: 'mine' | 'office'): Promise<TaskScope> {
    if (leadId) {
      const { lead } = await loadLead(this.store, leadId);
      if (!lead.exists || !mayView(viewer, lead)) throw notFound();
      return { kind: 'lead', leadId };
    }
    if (scope === 'mine') return { kind: 'assignee', userId: viewer.userId };
    if (viewer.role === 'agent') throw forbidden(ONLY_BROKERS_SEE_OFFICE);
    return viewer.role === 'staff' ? { kind: 'all' } : { kind: 'office', brokerId: viewer.userId };
  }
}
