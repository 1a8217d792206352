import { z } from 'zod';
import { AgentPageSchema, AreaViewSchema, ListingAgentLinkSchema, TeamMemberSchema } from '../search-schemas';
import { routes } from '../route';

const TAG = 'search';

/** What the web app needs to draw the server-rendered public pages itself (the team, an agent, a listing's agent, an area). */
export const publicPagesRoutes = routes('publicPages', {
  team: {
    method: 'GET',
    path: 'api/pages/agents',
    summary: "The site's team (the team page /agents): the broker first, then the office's agents by name",
    tag: TAG,
    access: 'anyone',
    responses: { 200: z.strictObject({ agents: z.array(TeamMemberSchema).readonly() }) },
  },
  agent: {
    method: 'GET',
    path: 'api/pages/agents/:key',
    summary: "An agent's or broker's public page: name, photo, bio, contact and active listings",
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ key: z.string() }),
    responses: { 200: AgentPageSchema },
  },
  listingAgent: {
    method: 'GET',
    path: 'api/pages/listings/:pdid/agent',
    summary:
      "The page of a listing's agent, when known (linked by the site's office, or named by the record's MLS id); null when no agent is known (or no listing is shown there)",
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ pdid: z.string() }),
    responses: { 200: z.strictObject({ agent: ListingAgentLinkSchema.nullable() }) },
  },
  area: {
    method: 'GET',
    path: 'api/pages/area',
    summary:
      'The place a search landing page (/homes-for-sale/…) shows: its search criteria, market numbers (medians, sold in 12 months, average price by bedrooms, map centre) and first 24 homes',
    tag: TAG,
    access: 'anyone',
    // Other parameters (a crawler's tracking tags) are ignored, as a page's address may carry them.
    query: z.object({ path: z.string().max(300) }),
    responses: { 200: AreaViewSchema },
  },
});
