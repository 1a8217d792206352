import { Controller, Inject, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AgentPageView, AreaView, ListingAgentLink, TeamMember } from '../../contract/public-pages';
import type { QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { notFound } from '../../shared/errors';
import { PublicPages } from './public-pages';
import { parseAreaPath } from './slugs';

/** What the web app needs to draw the server-rendered public pages itself. */
@Controller()
export class PublicPagesController {
  constructor(@Inject(PublicPages) private readonly pages: PublicPages) {}

  @Route(contract.publicPages.team)
  async team(@Req() req: Request): Promise<{ agents: TeamMember[] }> {
    return { agents: await this.pages.teamOf(req.site) };
  }

  @Route(contract.publicPages.agent)
  async agent(@Param('key') key: string): Promise<AgentPageView> {
    const view = /^[0-9a-f]{12}$/.test(key) ? await this.pages.agentView(key) : undefined;
    if (!view) throw notFound('No such agent');
    return view;
  }

  @Route(contract.publicPages.listingAgent)
  async listingAgent(@Param('pdid') pdid: string, @Req() req: Request): Promise<{ agent: ListingAgentLink | null }> {
    return { agent: (await this.pages.listingAgentLink(req.site, pdid)) ?? null };
  }

  @Route(contract.publicPages.area)
  async area(@Query() { path }: QueryOf<typeof contract.publicPages.area>): Promise<AreaView> {
    const ref = parseAreaPath(path);
    const area = ref ? await this.pages.areaView(ref) : undefined;
    if (!area) throw notFound('No homes for sale are listed there');
    return area;
  }
}
