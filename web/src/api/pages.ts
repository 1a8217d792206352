import type { AgentPageView, AreaView, ListingAgentLink, TeamMember } from '../../../src/contract/public-pages';
import { request } from './http';

/** An agent's public page (GET /api/pages/agents/{key}). */
export const agentPage = (key: string): Promise<AgentPageView> => request('GET', `/api/pages/agents/${encodeURIComponent(key)}`);

/** The search a landing page (/homes-for-sale/…) shows (GET /api/pages/area). */
export const areaOf = (path: string): Promise<AreaView> => request('GET', `/api/pages/area?path=${encodeURIComponent(path)}`);

/** The listing agent's page of a listing, or null (GET /api/pages/listings/{pdid}/agent). */
export const listingAgentLink = async (pdid: string): Promise<ListingAgentLink | null> =>
  (await request<{ agent: ListingAgentLink | null }>('GET', `/api/pages/listings/${encodeURIComponent(pdid)}/agent`)).agent;

/** The site's team (GET /api/pages/agents). */
export const siteTeam = async (): Promise<readonly TeamMember[]> => (await request<{ agents: TeamMember[] }>('GET', '/api/pages/agents')).agents;
