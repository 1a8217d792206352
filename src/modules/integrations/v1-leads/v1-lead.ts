import type { z } from 'zod';
import type { V1LeadSchema } from '../../../contract/routes/v1';
import type { Lead } from '../../leads';

export type V1Lead = z.input<typeof V1LeadSchema>;

/** The write side's lead as API v1 shows it. */
export function v1LeadOf(lead: Extract<Lead, { exists: true }>): V1Lead {
  return {
    leadId: lead.leadId,
    fullName: lead.fullName,
    emails: lead.email ? [lead.email] : [],
    phones: lead.phone ? [lead.phone] : [],
    stage: lead.stage,
    tags: [...lead.tags],
    assignedAgentId: lead.agentId,
    officeId: lead.brokerId,
    inPond: lead.inPond,
  };
}
