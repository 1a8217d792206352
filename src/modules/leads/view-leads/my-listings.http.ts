import { Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { listingAgentsIn } from '../../../../projections/lead-routing';
import { agentListings } from '../../../../projections/search';
import { fullNames } from '../../../../projections/users';
import { DB_POOL } from '../../../runtime/tokens';
import type { AgentListingsResponse } from '../../../contract/agent-listings';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { dashboardViewer } from '../../../shared/viewer/viewer';

/**
 * "My listings" (the dashboard's Listings view): the listings of the agents in the viewer's
 * scope, an agent's own, a broker's office's, staff everyone's, with those the MLS does not let
 * be shown publicly (InternetEntireListingDisplayYN false: 404 on every public page), which only
 * these people see. A listing is an agent's when it is linked to them (lead routing's listing
 * agents) or names their MLS id as ListAgentMlsId; its fields come from the search read model.
 */
@Controller()
export class MyListingsController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Route(contract.leads.myListings)
  async listings(@Query() q: QueryOf<typeof contract.leads.myListings>, @Req() req: Request): Promise<AgentListingsResponse> {
    const viewer = dashboardViewer(req);
    const page = q.page ?? 1;
    const perpage = q.perpage ?? 50;
    const { linked, mlsIds } = await listingAgentsIn(this.pool, viewer);
    const found = await agentListings(
      this.pool,
      { pdids: [...linked.keys()], listAgentMlsIds: [...mlsIds.keys()] },
      { offset: (page - 1) * perpage, limit: perpage },
    );
    const agentOf = (l: (typeof found.listings)[number]) =>
      linked.get(l.pdid) ?? (l.listAgentMlsId === null ? undefined : mlsIds.get(l.listAgentMlsId)) ?? null;
    const names = await fullNames(this.pool, [...new Set(found.listings.map(agentOf).filter((id): id is string => id !== null))]);
    return {
      listings: found.listings.map((l) => {
        const agentId = agentOf(l);
        return { ...l, agent: agentId === null ? null : { userId: agentId, fullName: names.get(agentId) ?? '' } };
      }),
      total: found.total,
      hidden: found.hidden,
      page,
      perpage,
    };
  }
}
