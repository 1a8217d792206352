import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { listShowings, type ShowingScope } from '../../../../projections/showings';
import { listTasks, type TaskScope, timeZoneOf } from '../../../../projections/tasks';
import { DB_POOL } from '../../../runtime/tokens';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { MAX_CALENDAR_DAYS } from '../../../contract/showings';
import { DEFAULT_TIME_ZONE } from '../../../contract/tasks';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, validation } from '../../../shared/errors';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { scopedLead } from '../showing-scope';

export const ONLY_BROKERS_SEE_OFFICE_CALENDAR = "Only brokers see the office's calendar";
export const RANGE_TOO_LONG = `A calendar read covers at most ${MAX_CALENDAR_DAYS} days`;

/**
 * The showings and the calendar (contract section 5b): the viewer's own (`scope=mine`, the
 * default), the office's (brokers; staff: everyone's), or every showing of one lead in scope.
 */
@Controller()
export class CalendarController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  @Route(contract.showings.list)
  async showings(@Query() q: QueryOf<typeof contract.showings.list>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (q.leadId) {
      await scopedLead(this.store, req, q.leadId);
      return { showings: await listShowings(this.pool, { kind: 'lead', leadId: q.leadId }, null) };
    }
    if (!q.from || !q.to) throw validation('from and to are required (or leadId)');
    return { showings: await listShowings(this.pool, showingScope(viewer, q.scope ?? 'mine'), range(q.from, q.to)) };
  }

  @Route(contract.showings.calendar)
  async calendar(@Query() q: QueryOf<typeof contract.showings.calendar>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const between = range(q.from, q.to);
    const scope = q.scope ?? 'mine';
    const [showings, tasks, timeZone] = await Promise.all([
      listShowings(this.pool, showingScope(viewer, scope), between),
      listTasks(this.pool, taskScope(viewer, scope), undefined, new Date(), between),
      timeZoneOf(this.pool, viewer.userId),
    ]);
    return { timeZone: timeZone ?? DEFAULT_TIME_ZONE, showings, tasks };
  }
}

function range(from: string, to: string): { from: Date; to: Date } {
  const r = { from: new Date(from), to: new Date(to) };
  if (r.to <= r.from) throw validation('to must be after from');
  if (r.to.getTime() - r.from.getTime() > MAX_CALENDAR_DAYS * 24 * 3600_000) throw validation(RANGE_TOO_LONG);
  return r;
}

function showingScope(viewer: Viewer, scope: 'mine' | 'office'): ShowingScope {
  if (scope === 'mine') return { kind: 'agent', userId: viewer.userId };
  if (viewer.role === 'agent') throw forbidden(ONLY_BROKERS_SEE_OFFICE_CALENDAR);
  return viewer.role === 'staff' ? { kind: 'all' } : { kind: 'office', officeId: viewer.userId };
}

/** The same scope for the tasks read model. */
function taskScope(viewer: Viewer, scope: 'mine' | 'office'): TaskScope {
  const s = showingScope(viewer, scope);
  return s.kind === 'agent' ? { kind: 'assignee', userId: s.userId } : s.kind === 'office' ? { kind: 'office', officeId: s.officeId } : { kind: 'all' };
}
