import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { dueTasks, listTasks, type TaskScope } from '../../../../projections/tasks';
import { DB_POOL } from '../../../runtime/tokens';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, notFound } from '../../../shared/errors';
import { dashboardViewer, mayView, type Viewer } from '../../../shared/viewer/viewer';
import { loadLead } from '../../leads';

export const ONLY_BROKERS_SEE_OFFICE = "Only brokers see the office's tasks";

@Controller()
export class ListTasksController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  /**
   * Overdue, today's (the assignee's day) or upcoming tasks: the viewer's own (`scope=mine`, the
   * default), the office's (brokers; staff: all), or every task of one lead the viewer may see.
   */
  @Route(contract.tasks.list)
  async list(@Query() q: QueryOf<typeof contract.tasks.list>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const tasks = await listTasks(this.pool, await this.scopeOf(viewer, q.leadId, q.scope ?? 'mine'), q.due, new Date());
    return { tasks };
  }

  /** The Tasks view's first screen: its three lists in one answer. */
  @Route(contract.tasks.due)
  async due(@Query() q: QueryOf<typeof contract.tasks.due>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    return dueTasks(this.pool, whoseTasks(viewer, q.scope ?? 'mine'), new Date());
  }

  private async scopeOf(viewer: Viewer, leadId: string | undefined, scope: 'mine' | 'office'): Promise<TaskScope> {
    if (leadId) {
      const { lead } = await loadLead(this.store, leadId);
      if (!lead.exists || !mayView(viewer, lead)) throw notFound();
      return { kind: 'lead', leadId };
    }
    return whoseTasks(viewer, scope);
  }
}

/** The viewer's own tasks, or (brokers and staff) the office's, or every office's for staff. */
function whoseTasks(viewer: Viewer, scope: 'mine' | 'office'): Exclude<TaskScope, { kind: 'lead' }> {
  if (scope === 'mine') return { kind: 'assignee', userId: viewer.userId };
  if (viewer.role === 'agent') throw forbidden(ONLY_BROKERS_SEE_OFFICE);
  return viewer.role === 'staff' ? { kind: 'all' } : { kind: 'office', officeId: viewer.userId };
}
