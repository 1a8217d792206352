import type { Request } from 'express';
import type { EventStore } from '../../../eventstore/event-store.port';
import { notFound } from '../../../shared/errors';
import type { Lead } from '../lead';
import { loadLead } from '../load-lead';
import { dashboardViewer, mayView, type Viewer } from '../../../shared/viewer/viewer';

export type LeadInScope = { readonly viewer: Viewer; readonly lead: Extract<Lead, { exists: true }> };

/** The lead of a dashboard route as its stream says now: 401 signed out, 403 for leads, 404 outside the viewer's scope. */
export async function leadInScope(store: EventStore, req: Request, leadId: string): Promise<LeadInScope> {
  const viewer = dashboardViewer(req);
  const { lead } = await loadLead(store, leadId);
  if (!lead.exists || !mayView(viewer, lead)) throw notFound();
  return { viewer, lead };
}
