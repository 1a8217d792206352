import type pg from 'pg';
import type { EventStore } from '../../../eventstore/event-store.port';
import { forbidden, validation } from '../../../shared/errors';
import { LEVEL, loadAccount, officeOf } from '../../accounts';
import type { Viewer } from '../dashboard/viewer';
import { officeSites, siteOffice } from '../../../../projections/lead-routing';
import { siteById } from '../../../../projections/sites';

/** Where a lead added by hand (or imported) goes: its site, its agent, and the office it must not duplicate a lead of. */
export type LeadTarget = {
  readonly siteId: string;
  readonly subdomain: string;
  readonly allowPartialName: boolean;
  readonly agentId: string;
  /** The office (its broker); null for an independent agent. */
  readonly brokerId: string | null;
  /** The office's sites (an independent agent's own): where a person already being a lead is a duplicate. */
  readonly officeSiteIds: readonly string[];
};

export const TARGET_MESSAGES = {
  noSite: 'You have no site to add leads to',
  notYourSite: 'That site is not one of your office’s',
  staffSite: 'Choose the site the lead is for',
  agentAssigns: 'Only the broker adds leads for other agents',
  notInOffice: 'That agent is not in this office',
} as const;

/**
 * The site and agent of a new lead from who adds it. An agent adds to their own site or their
 * broker's, for themself; a broker to any site of the office, for themself or an agent of the
 * office; staff name the site, and the agent (else the site's owner). Without `siteId` the lead
 * goes to the caller's first site: an agent's own site, else the office's broker site.
 */
export async function resolveLeadTarget(store: EventStore, pool: pg.Pool, viewer: Viewer, want: { readonly siteId?: string; readonly agentId?: string }): Promise<LeadTarget> {
  let brokerId: string | null;
  let sites: { siteId: string; ownerId: string }[];
  let agentId: string;
  if (viewer.role === 'staff') {
    if (!want.siteId) throw validation(TARGET_MESSAGES.staffSite);
    const site = await siteOffice(pool, want.siteId);
    if (!site) throw validation(TARGET_MESSAGES.notYourSite);
    brokerId = site.kind === 'agent' ? site.ownerBrokerId : site.ownerId;
    sites = brokerId ? await officeSites(pool, brokerId, brokerId) : [site];
    agentId = want.agentId ?? site.ownerId;
  } else {
    const { account } = await loadAccount(store, viewer.userId);
    brokerId = account.exists ? officeOf(account) : null;
    sites = await officeSites(pool, viewer.userId, brokerId);
    if (viewer.role === 'agent') {
      if (want.agentId && want.agentId !== viewer.userId) throw forbidden(TARGET_MESSAGES.agentAssigns);
      agentId = viewer.userId;
    } else agentId = want.agentId ?? viewer.userId;
  }
  // An agent may use their own sites and the broker's, not another agent's.
  const usable = viewer.role === 'agent' ? sites.filter((s) => s.ownerId === viewer.userId || s.ownerId === brokerId) : sites;
  const chosen = want.siteId ? usable.find((s) => s.siteId === want.siteId) : usable[0];
  if (!chosen) throw validation(want.siteId ? TARGET_MESSAGES.notYourSite : TARGET_MESSAGES.noSite);
  if (agentId !== viewer.userId && !(await inOffice(store, agentId, brokerId, chosen.ownerId))) throw validation(TARGET_MESSAGES.notInOffice);
  const site = await siteById(pool, chosen.siteId);
  if (!site) throw validation(TARGET_MESSAGES.notYourSite);
  return {
    siteId: site.siteId,
    subdomain: site.subdomain,
    allowPartialName: site.settings.Registration_AllowPartialName,
    agentId,
    brokerId,
    officeSiteIds: sites.map((s) => s.siteId),
  };
}

/** The broker, an agent of the broker's office, or (no office) the site's own agent. */
async function inOffice(store: EventStore, userId: string, brokerId: string | null, siteOwnerId: string): Promise<boolean> {
  if (userId === brokerId || (brokerId === null && userId === siteOwnerId)) return true;
  const { account } = await loadAccount(store, userId);
  return account.exists && account.securityLevel === LEVEL.agent && brokerId !== null && account.brokerId === brokerId;
}
