import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import type { AgentPageView, AreaView, ListingAgentLink, TeamMember } from '../../contract/public-pages';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { parseBody } from '../../http/parse-body';
import { notFound } from '../../shared/errors';
import { PublicPages } from './public-pages';
import { parseAreaPath } from './slugs';

const AreaQuery = z.object({ path: z.string().max(300) });

/** What the web app needs to draw the server-rendered public pages itself. */
@Controller('api/pages')
export class PublicPagesController {
  constructor(@Inject(PublicPages) private readonly pages: PublicPages) {}

  @ApiDoc({ summary: "The site's team (the team page /agents): the broker first, then the office's agents by name", tag: 'search', access: 'anyone', responses: { 200: '{agents: TeamMember[]}' } })
  @Get('agents')
  async team(@Req() req: Request): Promise<{ agents: TeamMember[] }> {
    return { agents: await this.pages.teamOf(req.site) };
  }

  @ApiDoc({ summary: "An agent's or broker's public page: name, photo, bio, contact and active listings", tag: 'search', access: 'anyone', responses: { 200: 'AgentPageView', 404: 'no such agent' } })
  @Get('agents/:key')
  async agent(@Param('key') key: string): Promise<AgentPageView> {
    const view = /^[0-9a-f]{12}$/.test(key) ? await this.pages.agentView(key) : undefined;
    if (!view) throw notFound('No such agent');
    return view;
  }

  @ApiDoc({ summary: "The page of a listing's agent, when known (linked by the site's office, or named by the record's MLS id)", tag: 'search', access: 'anyone', responses: { 200: '{agent}: the link, or null when no agent is known (or no listing is shown there)' } })
  @Get('listings/:pdid/agent')
  async listingAgent(@Param('pdid') pdid: string, @Req() req: Request): Promise<{ agent: ListingAgentLink | null }> {
    return { agent: (await this.pages.listingAgentLink(req.site, pdid)) ?? null };
  }

  @ApiDoc({ summary: 'The place a search landing page (/homes-for-sale/…) shows: its search criteria, market numbers (medians, sold in 12 months, average price by bedrooms, map centre) and first 24 homes', tag: 'search', access: 'anyone', query: AreaQuery, responses: { 200: 'AreaView', 404: 'no such place' } })
  @Get('area')
  async area(@Query() query: unknown): Promise<AreaView> {
    const { path } = parseBody(AreaQuery, query);
    const ref = parseAreaPath(path);
    const area = ref ? await this.pages.areaView(ref) : undefined;
    if (!area) throw notFound('No homes for sale are listed there');
    return area;
  }
}
