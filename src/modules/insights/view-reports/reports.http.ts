import { leadReport, undeliveredReport } from '../../../../projections/lead-reports';
import { taskTally } from '../../../../projections/tasks';
import { fullNames } from '../../../../projections/users';
import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden } from '../../../shared/errors';
import { loadAccount } from '../../accounts';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { loadOffice } from '../../office';
import { DEFAULT_STAGES } from '../../office';
import { reportRange } from './reports-range';

/**
 * The reports page (issue 15 §8): an agent's own leads, a broker's office with a line per agent,
 * staff everything. How fast leads are worked (capture → first contact), where they come from,
 * and how far they get through the pipeline.
 */
@Controller()
export class ReportsController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  @Route(contract.insights.report)
  async report(@Query() q: QueryOf<typeof contract.insights.report>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    // An agent's report is their own; naming another agent is for the office's broker and staff.
    if (viewer.role === 'agent' && q.agentId && q.agentId !== viewer.userId) throw forbidden();
    const now = new Date();
    const { from, to } = reportRange(q, now);
    const one = q.agentId ?? (viewer.role === 'agent' ? viewer.userId : null);
    const taskScope = one
      ? { kind: 'assignee' as const, userId: one }
      : viewer.role === 'broker'
        ? { kind: 'office' as const, officeId: viewer.userId }
        : { kind: 'all' as const };
    const range = { from, to, agentId: q.agentId ?? null };
    const [report, stages, tally, undelivered] = await Promise.all([
      leadReport(this.pool, viewer, range),
      this.pipeline(viewer),
      taskTally(this.pool, taskScope, from, to, now),
      undeliveredReport(this.pool, viewer, range),
    ]);
    const names = await fullNames(this.pool, [
      ...report.perAgent.map((a) => a.agentId),
      ...undelivered.perAgent.map((a) => a.agentId),
      ...undelivered.perOffice.map((o) => o.officeId),
    ]);
    const tasksOf = new Map(tally.map((t) => [t.assigneeId, t]));
    const sum = (k: 'done' | 'overdue' | 'open') => tally.reduce((n, t) => n + t[k], 0);
    const reached = new Map(report.stagesReached.map((s) => [s.stage, s.count]));
    // The office's pipeline in board order, then any stage leads were in that the pipeline no longer has.
    const order = [...stages, ...[...reached.keys()].filter((s) => !stages.includes(s)).sort()];
    return {
      from: from.toISOString().slice(0, 10),
      to: new Date(to.getTime() - 1).toISOString().slice(0, 10),
      ...report,
      stagesReached: order.map((stage) => ({ stage, count: reached.get(stage) ?? 0 })),
      // Tasks due in the period: done, overdue (open and past due) and still open.
      tasks: { done: sum('done'), overdue: sum('overdue'), open: sum('open') },
      perAgent:
        viewer.role === 'agent'
          ? []
          : report.perAgent.map((a) => ({
              ...a,
              fullName: names.get(a.agentId) ?? '',
              tasksDone: tasksOf.get(a.agentId)?.done ?? 0,
              tasksOverdue: tasksOf.get(a.agentId)?.overdue ?? 0,
            })),
      // An office is its broker: named after them.
      undelivered: {
        texts: undelivered.texts,
        emails: undelivered.emails,
        perOffice: viewer.role === 'agent' ? [] : undelivered.perOffice.map((o) => ({ ...o, officeName: names.get(o.officeId) ?? '' })),
        perAgent: viewer.role === 'agent' ? [] : undelivered.perAgent.map((a) => ({ ...a, fullName: names.get(a.agentId) ?? '' })),
      },
    };
  }

  /** The viewer's office's stages: a broker's own, an agent's broker's; the defaults for staff and independent agents. */
  private async pipeline(viewer: Viewer): Promise<readonly string[]> {
    if (viewer.role === 'staff') return DEFAULT_STAGES;
    let office: string | null = viewer.userId;
    if (viewer.role === 'agent') {
      const { account } = await loadAccount(this.store, viewer.userId);
      office = account.exists ? account.officeId : null;
    }
    return office ? (await loadOffice(this.store, office)).settings.stages : DEFAULT_STAGES;
  }
}
