import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { boardCards, boardCounts, feedPosition, tagsInScope } from '../../../../projections/lead-feed';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { dashboardViewer, mayView, type Viewer } from '../../../shared/viewer/viewer';
import { loadLead } from '../load-lead';
import { viewedOffice } from '../../../shared/viewer/viewer-office';
import { loadPipeline } from '../move-into-pipeline/lead-in-pipeline';

const PER_COLUMN = 50;

/**
 * The board (`/dashboard?view=board`): the office's pipeline as columns, each with how many of
 * the viewer's leads are in it and the most recently active of them; leads in a stage the
 * pipeline no longer has (while the stage mover moves them) come after, so nothing is hidden.
 * Scoped like the list (agent: own leads, broker: the office, staff: all, or one office named
 * with `?officeId=`), and the tags of those leads for the tag editor's suggestions.
 */
@Controller()
export class BoardController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.leads.board)
  async board(@Query() q: QueryOf<typeof contract.leads.board>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { office, narrow } = await this.officeOf(viewer, q.officeId);
    const position = await feedPosition(this.pool);
    const [pipeline, counts] = await Promise.all([loadPipeline(this.store, office), boardCounts(this.pool, viewer, narrow)]);
    const others = [...counts.keys()].filter((s) => !pipeline.stages.includes(s)).sort();
    const stages = [...pipeline.stages, ...others];
    const cards = await boardCards(
      this.pool,
      viewer,
      narrow,
      stages.filter((s) => counts.has(s)),
      PER_COLUMN,
    );
    return {
      officeId: office,
      stages: pipeline.stages,
      columns: stages.map((stage) => ({
        stage,
        inPipeline: pipeline.stages.includes(stage),
        count: counts.get(stage) ?? 0,
        leads: cards.filter((c) => c.stage === stage),
      })),
      perColumn: PER_COLUMN,
      position,
      me: { userId: viewer.userId, role: viewer.role },
    };
  }

  /** The stages a lead can be moved to (its office's pipeline), or those of the viewer's office with how many leads each holds. */
  @Route(contract.leads.pipeline)
  async pipeline(@Query() q: QueryOf<typeof contract.leads.pipeline>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (q.leadId !== undefined) {
      const { lead } = await loadLead(this.store, q.leadId);
      if (!lead.exists || !mayView(viewer, lead)) throw notFound();
      return { officeId: lead.officeId, stages: (await loadPipeline(this.store, lead.officeId)).stages };
    }
    const { office, narrow } = await this.officeOf(viewer, q.officeId);
    const [pipeline, counts] = await Promise.all([loadPipeline(this.store, office), boardCounts(this.pool, viewer, narrow)]);
    return { officeId: office, stages: pipeline.stages, counts: Object.fromEntries(counts) };
  }

  /** More of one column, from `offset`. */
  @Route(contract.leads.column)
  async column(@Query() q: QueryOf<typeof contract.leads.column>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const { narrow } = await this.officeOf(viewer, q.officeId);
    return { stage: q.stage, leads: await boardCards(this.pool, viewer, narrow, [q.stage], PER_COLUMN, q.offset ?? 0) };
  }

  /** The tags on the leads the viewer sees, most used first (the tag editor's suggestions). */
  @Route(contract.leads.tags)
  async tags(@Req() req: Request) {
    return { tags: await tagsInScope(this.pool, dashboardViewer(req), 500) };
  }

  /** Whose pipeline the board shows, and (staff naming an office) the office its leads are narrowed to. */
  private async officeOf(viewer: Viewer, officeId: string | undefined): Promise<{ office: string | null; narrow: string | null }> {
    const office = await viewedOffice(this.store, viewer, officeId);
    return { office, narrow: viewer.role === 'staff' ? office : null };
  }
}
