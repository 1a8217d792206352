import type { Request } from 'express';
import { EventStore } from '../../eventstore/event-store.port';
import { notFound } from '../../shared/errors';
import { dashboardViewer, mayView, type Viewer } from '../../shared/viewer/viewer';
import { type Lead, loadLead } from '../leads';

export type ScopedLead = { readonly viewer: Viewer; readonly lead: Extract<Lead, { exists: true }> };

/**
 * The signed-in office member (401 signed out, 403 a lead) and a lead they may work, from the
 * lead's stream (an agent: their own, so a pond lead only once claimed; the broker: the office;
 * staff: all); any other lead 404.
 */
export async function scopedLead(store: EventStore, req: Request, leadId: string): Promise<ScopedLead> {
  const viewer = dashboardViewer(req);
  const { lead } = await loadLead(store, leadId);
  if (!lead.exists || !mayView(viewer, lead)) throw notFound();
  return { viewer, lead };
}

/** Who a confirmation names as the organizer: the lead's agent, else (a lead nobody holds) whoever confirms. */
export const organizerOf = ({ viewer, lead }: ScopedLead): string => lead.agentId ?? viewer.userId;
