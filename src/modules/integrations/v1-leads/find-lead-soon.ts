import type pg from 'pg';
import { findLead } from '../../../../projections/lead-feed';
import { siteOffice } from '../../../../projections/lead-routing';
import type { Viewer } from '../../../../projections/lead-rows';
import type { EventStore } from '../../../eventstore/event-store.port';
import { type Lead, loadLead } from '../../leads';
import { mayView } from '../../../shared/viewer/viewer';

/**
 * Long enough for a busy database: the read model sees the lead only once every older transaction
 * of the cluster has ended (the log's order), which a long one elsewhere holds back for seconds.
 * Only a lead that exists and is in the key's scope is waited for.
 */
const WAIT_MS = 10_000;
const POLL_MS = 40;

/**
 * A lead made through v1 is on its stream when the 201 is sent and in the read model a moment
 * later (its projection, then routing). A client that reads it straight after its 201 waits for
 * that moment instead of getting 404; an id with no stream, or whose stream puts the lead out of
 * the viewer's scope, is 404 at once (a wait would tell by its length that the lead exists).
 */
export async function findLeadSoon(pool: pg.Pool, store: EventStore, viewer: Viewer, leadId: string, waitMs = WAIT_MS) {
  const row = await findLead(pool, viewer, leadId);
  if (row) return row;
  const { lead } = await loadLead(store, leadId);
  if (!lead.exists || !(await mayBeInScope(pool, viewer, lead))) return undefined;
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const later = await findLead(pool, viewer, leadId);
    if (later) return later;
  }
  return undefined;
}

/**
 * The read side's scope (leadScopeParts) on the lead as its stream says: its holder once routed;
 * before routing, its brokerage, which is its site's (the site is in the lead's first event).
 */
async function mayBeInScope(pool: pg.Pool, viewer: Viewer, lead: Extract<Lead, { exists: true }>): Promise<boolean> {
  if (viewer.role === 'staff') return true;
  // Routed: the command side's rule, and a pond lead is also its office's agents'.
  if (lead.agentId !== null || lead.inPond)
    return mayView(viewer, lead) || (viewer.role === 'agent' && lead.inPond && !!viewer.officeId && lead.officeId === viewer.officeId);
  const site = await siteOffice(pool, lead.siteId);
  if (!site) return false;
  const officeId = site.kind === 'agent' ? site.ownerOfficeId : site.ownerId;
  const viewerOffice = viewer.role === 'broker' ? viewer.userId : (viewer.officeId ?? null);
  return site.ownerId === viewer.userId || (officeId !== null && officeId === viewerOffice);
}
