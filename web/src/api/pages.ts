import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

/** An agent's public page. */
export const agentPage = (key: string) => api(contract.publicPages.agent, { params: { key } });

/** The search a landing page (/homes-for-sale/…) shows. */
export const areaOf = (path: string) => api(contract.publicPages.area, { query: { path } });

/** The listing agent's page of a listing, or null. */
export const listingAgentLink = async (pdid: string) => (await api(contract.publicPages.listingAgent, { params: { pdid } })).agent;

/** The site's team. */
export const siteTeam = async () => (await api(contract.publicPages.team)).agents;
