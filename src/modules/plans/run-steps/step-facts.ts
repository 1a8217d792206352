import type pg from 'pg';
import { templateById } from '../../../../projections/email-templates';
import { hasOpenedAlert } from '../../../../projections/action-plans';
import { DEFAULT_TIME_ZONE } from '../../../contract/tasks';
import type { PauseReason, PlanStep } from '../../../contract/plans';
import type { EventStore } from '../../../eventstore/event-store.port';
import { isValidEmail, loadAccount } from '../../accounts';
import { emailStream, type Lead, loadLead, loadPipeline, smsStream, textEligibility } from '../../leads';
import { agentZoneStream } from '../../tasks';
import { knownZone } from '../business-hours/business-hours';
import type { StepFacts } from './run-step.decide';

type ExistingLead = Extract<Lead, { exists: true }>;

/** The zone a lead's waits count in: the lead's own is not known to the CRM, so the office's (its broker's), else its agent's, else the default. */
export async function zoneOfLead(store: EventStore, lead: ExistingLead): Promise<string> {
  for (const userId of [lead.brokerId, lead.agentId]) {
    if (!userId) continue;
    const events = (await store.readStream(agentZoneStream(userId))) as unknown as { type: string; data: { timeZone: string } }[];
    const zone = events.findLast((e) => e.type === 'AgentTimeZoneSet')?.data.timeZone;
    if (zone) return knownZone(zone, DEFAULT_TIME_ZONE);
  }
  return DEFAULT_TIME_ZONE;
}

/**
 * A reply the lead sent since `since` (by text or e-mail), read from the lead's own streams, not
 * from a read model: at the moment a step runs the log itself says whether the lead answered, so a
 * reply the projection has not reached yet still stops the step. (Chat replies, claims, owner
 * changes and unsubscribes pause through the read model's queue; consent is checked below.)
 */
async function replySince(store: EventStore, leadId: string, since: string): Promise<PauseReason | null> {
  const [sms, email] = await Promise.all([store.readStream(smsStream(leadId)), store.readStream(emailStream(leadId))]);
  if (sms.some((e) => e.type === 'TextMessageReceived' && e.metadata.at > since)) return 'replied-text';
  if (email.some((e) => e.type === 'LeadEmailReceived' && e.metadata.at > since)) return 'replied-email';
  return null;
}

/** Everything a step's decision needs, read now: the lead, its consent, the template, the pipeline, the zone, a reply since `since`. */
export async function stepFacts(store: EventStore, pool: pg.Pool, leadId: string, step: PlanStep, since: string | null, now: Date): Promise<StepFacts | null> {
  const { lead } = await loadLead(store, leadId);
  if (!lead.exists) return null;
  const [{ account }, pipeline, zone, openedAlert, template, pause] = await Promise.all([
    loadAccount(store, lead.userId),
    loadPipeline(store, lead.brokerId),
    zoneOfLead(store, lead),
    hasOpenedAlert(pool, leadId),
    step.kind === 'email' ? templateById(pool, step.templateId) : Promise.resolve(null),
    since ? replySince(store, leadId, since) : Promise.resolve(null),
  ]);
  return {
    now: now.toISOString(),
    zone,
    stage: lead.stage,
    tags: lead.tags,
    openedAlert,
    emailConsent: account.exists && account.consent.email,
    hasEmailAddress: isValidEmail(lead.email),
    textRefusal: textEligibility(account),
    templateName: template?.name ?? null,
    pipelineStages: pipeline.stages,
    pause,
  };
}
