import { Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { SearchIndex } from '../../../../projections/search';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { notFound } from '../../../shared/errors';
import { isLeadId } from '../load-lead';
import {
  contractLead,
  feedLead,
  feedPosition,
  findLead,
  leadFacets,
  type LeadRow,
  leadSources,
  listLeads,
  survivorOfLead,
} from '../../../../projections/lead-feed';
import { timelineOf } from '../../../../projections/lead-timeline';
import { contractNote, notesOf } from '../../../../projections/lead-notes';
import { sitesByIds } from '../../../../projections/sites';
import { homeNames } from './home-names';
import { pushesSince } from './pushes-since';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { filtersOf, stagesInOrder } from './lead-filters';

/**
 * The dashboard's reads (contract section 5): the lead list in the viewer's scope, one lead with
 * its timeline, the web app's richer feed, and what a reconnecting client missed.
 */
@Controller()
export class DashboardController {
  private readonly homes: ReturnType<typeof homeNames>;

  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SearchIndex) index: SearchIndex,
  ) {
    this.homes = homeNames(index);
  }

  @Route(contract.leads.list)
  async leads(@Query() q: QueryOf<typeof contract.leads.list>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const page = q.page ?? 1;
    const perpage = q.perpage ?? 50;
    const { rows, total } = await listLeads(this.pool, viewer, filtersOf(q, new Date()), page, perpage);
    return { leads: rows.map(contractLead), total, page, perpage };
  }

  @Route(contract.leads.lead)
  async lead(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId)) throw notFound();
    const row = await this.leadOrSurvivor(viewer, leadId);
    const [timeline, notes] = await Promise.all([timelineOf(this.pool, row.lead_id, this.homes), notesOf(this.pool, row.lead_id)]);
    return { lead: contractLead(row), timeline, notes: notes.map(contractNote) };
  }

  /** The web app's feed: the same list with status, site and listing, the sources to filter by, and the position to follow from. */
  @Route(contract.leads.feed)
  async feed(@Query() q: QueryOf<typeof contract.leads.feed>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const page = q.page ?? 1;
    const perpage = q.perpage ?? 50;
    const position = await feedPosition(this.pool);
    const [{ rows, total }, sources] = await Promise.all([
      listLeads(this.pool, viewer, filtersOf(q, new Date()), page, perpage),
      leadSources(this.pool, viewer),
    ]);
    return { leads: await this.withSites(rows), total, page, perpage, sources, position, me: { userId: viewer.userId, role: viewer.role } };
  }

  /** What the filter bar offers: the stages (the default pipeline's order first), tags and sites of the viewer's leads. */
  @Route(contract.leads.facets)
  async facets(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const f = await leadFacets(this.pool, viewer);
    const sites = await this.sites(f.siteIds);
    return {
      stages: stagesInOrder(f.stages),
      tags: f.tags,
      sites: f.siteIds
        .map((siteId) => ({ siteId, site: sites.get(siteId)?.subdomain ?? null, siteName: sites.get(siteId)?.name ?? null }))
        .sort((a, b) => (a.siteName ?? a.site ?? '').localeCompare(b.siteName ?? b.site ?? '')),
    };
  }

  /** One lead with the feed's extra fields (the details pane), notes with their author's name and last edit. */
  @Route(contract.leads.feedLead)
  async feedLead(@Param('leadId') leadId: string, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId)) throw notFound();
    const row = await this.leadOrSurvivor(viewer, leadId);
    const [timeline, notes] = await Promise.all([timelineOf(this.pool, row.lead_id, this.homes), notesOf(this.pool, row.lead_id)]);
    return { lead: (await this.withSites([row]))[0], timeline, notes };
  }

  /** What a client that reconnects missed after the last position it saw (it drops what it already has). */
  @Route(contract.leads.since)
  async since(@Query() q: QueryOf<typeof contract.leads.since>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    return pushesSince(this.pool, viewer, q.position, this.homes);
  }

  /**
   * The lead in the viewer's scope; a lead merged into another (issue 18) answers with the
   * survivor (its `leadId` differs from the one asked: the web app moves to the survivor's address).
   */
  private async leadOrSurvivor(viewer: ReturnType<typeof dashboardViewer>, leadId: string): Promise<LeadRow> {
    const row = (await findLead(this.pool, viewer, leadId)) ?? (await this.survivorRow(viewer, leadId));
    if (!row) throw notFound();
    return row;
  }

  private async survivorRow(viewer: ReturnType<typeof dashboardViewer>, leadId: string): Promise<LeadRow | undefined> {
    const survivor = await survivorOfLead(this.pool, leadId);
    return survivor ? findLead(this.pool, viewer, survivor) : undefined;
  }

  /** Feed rows with their site's subdomain and name (from the sites read model). */
  private async withSites(rows: readonly LeadRow[]) {
    const sites = await this.sites(rows.map((r) => r.site_id));
    return rows.map((r) => feedLead(r, sites.get(r.site_id)));
  }

  private async sites(siteIds: readonly string[]): Promise<Map<string, { subdomain: string; name: string }>> {
    return new Map((await sitesByIds(this.pool, siteIds)).map((s) => [s.siteId, { subdomain: s.subdomain, name: s.name }]));
  }
}
