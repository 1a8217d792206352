import type { z } from 'zod';
import { isPlaceholderEmail } from '../../../contract/thread';
import type { LeadRow } from '../../../../projections/lead-feed';
import type { V1LeadSchema } from '../../../contract/routes/v1';
import type { Lead } from '../../leads';

export type V1Lead = z.input<typeof V1LeadSchema>;

/** A row of the leads read model as API v1 shows it. */
export function v1LeadOf(r: LeadRow): V1Lead {
  return {
    leadId: r.lead_id,
    fullName: r.full_name,
    emails: isPlaceholderEmail(r.email) ? [] : [r.email],
    phones: r.phone ? [r.phone] : [],
    type: r.lead_type,
    source: r.source,
    stage: r.stage,
    tags: [...r.tags],
    assignedAgentId: r.assigned_agent_id,
    inPond: r.in_pond,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.last_activity_at.toISOString(),
  };
}

/** The row with what a command just decided on top (the read model may not have applied it yet). */
export function withDecided(r: LeadRow, lead: Extract<Lead, { exists: true }>): V1Lead {
  return {
    ...v1LeadOf(r),
    fullName: lead.fullName,
    emails: isPlaceholderEmail(lead.email) ? [] : [lead.email],
    phones: lead.phone ? [lead.phone] : [],
    stage: lead.stage,
    tags: [...lead.tags],
    assignedAgentId: lead.agentId,
    inPond: lead.inPond,
  };
}
