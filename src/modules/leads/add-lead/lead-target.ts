import type pg from 'pg';
import type { EventStore } from '../../../eventstore/event-store.port';
import { forbidden, validation } from '../../../shared/errors';
import { LEVEL, loadAccount, officeOf } from '../../accounts';
import type { Viewer } from '../../../shared/viewer/viewer';
import { type OfficeSite, officeSites, siteOffice } from '../../../../projections/lead-routing';
import { siteById } from '../../../../projections/sites';

/** Where a lead added by hand (or imported) goes: its site, its agent, and the office it must not duplicate a lead of. */
export type LeadTarget = {
  readonly siteId: string;
  readonly subdomain: string;
  readonly allowPartialName: boolean;
  readonly agentId: string;
  /** The office (its broker); null for an independent agent. */
  readonly officeId: string | null;
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

/** The sites a caller may add leads to (the first is the default), and the caller's office. */
export async function usableSites(
  store: EventStore,
  pool: pg.Pool,
  viewer: Viewer,
): Promise<{ readonly officeId: string | null; readonly office: readonly OfficeSite[]; readonly usable: readonly OfficeSite[] }> {
  if (viewer.role === 'staff') {
    const all = await officeSites(pool, null, null);
    return { officeId: null, office: all, usable: all };
  }
  const { account } = await loadAccount(store, viewer.userId);
  const officeId = account.exists ? officeOf(account) : null;
  const office = await officeSites(pool, viewer.userId, officeId);
  // An agent may use their own sites and the broker's, not another agent's.
  const usable = viewer.role === 'agent' ? office.filter((s) => s.ownerId === viewer.userId || s.ownerId === officeId) : office;
  return { officeId, office, usable };
}

/**
 * The site and agent of a new lead from who adds it. An agent adds to their own site or their
 * broker's, for themself; a broker to any site of the office, for themself or an agent of the
 * office; staff name the site, and the agent (else the site's owner). Without `siteId` the lead
 * goes to the caller's first site: an agent's own site, else the office's broker site.
 */
export async function resolveLeadTarget(
  store: EventStore,
  pool: pg.Pool,
  viewer: Viewer,
  want: { readonly siteId?: string; readonly agentId?: string },
): Promise<LeadTarget> {
  let officeId: string | null;
  let office: readonly { siteId: string; ownerId: string }[];
  let chosen: { siteId: string; ownerId: string } | undefined;
  let agentId: string;
  if (viewer.role === 'staff') {
    if (!want.siteId) throw validation(TARGET_MESSAGES.staffSite);
    const site = await siteOffice(pool, want.siteId);
    if (!site) throw validation(TARGET_MESSAGES.notYourSite);
    officeId = site.kind === 'agent' ? site.ownerOfficeId : site.ownerId;
    office = officeId ? await officeSites(pool, officeId, officeId) : [site];
    chosen = site;
    agentId = want.agentId ?? site.ownerId;
  } else {
    const sites = await usableSites(store, pool, viewer);
    officeId = sites.officeId;
    office = sites.office;
    chosen = want.siteId ? sites.usable.find((s) => s.siteId === want.siteId) : sites.usable[0];
    if (viewer.role === 'agent' && want.agentId && want.agentId !== viewer.userId) throw forbidden(TARGET_MESSAGES.agentAssigns);
    agentId = viewer.role === 'agent' ? viewer.userId : (want.agentId ?? viewer.userId);
  }
  if (!chosen) throw validation(want.siteId ? TARGET_MESSAGES.notYourSite : TARGET_MESSAGES.noSite);
  if (agentId !== viewer.userId && !(await inOffice(store, agentId, officeId, chosen.ownerId))) throw validation(TARGET_MESSAGES.notInOffice);
  const site = await siteById(pool, chosen.siteId);
  if (!site) throw validation(TARGET_MESSAGES.notYourSite);
  return {
    siteId: site.siteId,
    subdomain: site.subdomain,
    allowPartialName: site.settings.Registration_AllowPartialName,
    agentId,
    officeId,
    officeSiteIds: office.map((s) => s.siteId),
  };
}

/** The broker, an agent of the broker's office, or (no office) the site's own agent. */
async function inOffice(store: EventStore, userId: string, officeId: string | null, siteOwnerId: string): Promise<boolean> {
  if (userId === officeId || (officeId === null && userId === siteOwnerId)) return true;
  const { account } = await loadAccount(store, userId);
  return account.exists && account.securityLevel === LEVEL.agent && officeId !== null && account.officeId === officeId;
}
