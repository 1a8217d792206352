import type pg from 'pg';
import { templateById } from '../../../../projections/email-templates';
import { leadsWhoOpenedAlerts } from '../../../../projections/action-plans';
import { fold } from '../../../commands/decider';
import type { PauseReason, PlanStep } from '../../../contract/plans';
import type { EventStore } from '../../../eventstore/event-store.port';
import type { StoredEvent } from '../../../shared/event';
import { type AccountEvent, evolveAccount, initialAccount, isValidEmail, userStream } from '../../accounts';
import { emailStream, smsStream } from '../../conversation';
import { evolveOffice, initialOffice, type OfficeEvent, officeStream } from '../../office';
import { type Lead, loadLeads, loadPipeline } from '../../leads';
import { textEligibility } from '../../messaging';
import { agentZoneStream } from '../../tasks';
import { zoneOfLead } from '../business-hours/lead-zone';
import type { StepFacts } from './run-step.decide';

/** A step about to be decided: the lead, the step, and since when a reply pauses it (the enrolment's start; null: no reply is looked for). */
export type DueStep = { readonly leadId: string; readonly step: PlanStep; readonly since: string | null };

const unique = <T>(xs: readonly (T | null | undefined)[]): T[] => [...new Set(xs.filter((x): x is T => x !== null && x !== undefined))];

/**
 * A reply the lead sent since `since` (by text or e-mail), read from the lead's own streams, not
 * from a read model: at the moment a step runs the log itself says whether the lead answered, so a
 * reply the projection has not reached yet still stops the step. (Chat replies, claims, owner
 * changes and unsubscribes pause through the read model's queue; consent is checked below.)
 */
function replySince(sms: readonly StoredEvent[], email: readonly StoredEvent[], since: string): PauseReason | null {
  if (sms.some((e) => e.type === 'TextMessageReceived' && e.metadata.at > since)) return 'replied-text';
  if (email.some((e) => e.type === 'LeadEmailReceived' && e.metadata.at > since)) return 'replied-email';
  return null;
}

/**
 * Everything the decisions of several due steps need, read now and set-based (a tick's burst of
 * due leads costs a few round trips, not a dozen a lead): the leads' streams in one read; then at
 * once their accounts (consent, address, phone, zone), offices (pipeline), the broker's and
 * agent's zone settings and the replies in one read of the log, who opened an alert in one query,
 * and each template named once. Answers in the order asked, null for a lead that does not exist.
 */
export async function stepFactsOf(store: EventStore, pool: pg.Pool, due: readonly DueStep[], now: Date): Promise<(StepFacts | null)[]> {
  const leads = await loadLeads(
    store,
    due.map((d) => d.leadId),
  );
  const existing = [...leads.values()].filter((l): l is Extract<Lead, { exists: true }> => l.exists);
  const replyLeads = unique(due.filter((d) => d.since && leads.get(d.leadId)?.exists).map((d) => d.leadId));
  const templateIds = unique(due.map((d) => (d.step.kind === 'email' ? d.step.templateId : null)));
  const [streams, opened, templates] = await Promise.all([
    store.readStreams([
      ...existing.map((l) => userStream(l.userId)),
      ...unique(existing.map((l) => l.officeId)).map(officeStream),
      ...unique(existing.flatMap((l) => [l.officeId, l.agentId])).map(agentZoneStream),
      ...replyLeads.flatMap((id) => [smsStream(id), emailStream(id)]),
    ]),
    leadsWhoOpenedAlerts(
      pool,
      existing.map((l) => l.leadId),
    ),
    Promise.all(templateIds.map(async (id) => [id, await templateById(pool, id)] as const)).then((ts) => new Map(ts)),
  ]);
  const of = (streamId: string | null): StoredEvent[] => (streamId ? (streams.get(streamId) ?? []) : []);
  const pipelineStages = async (officeId: string | null) =>
    officeId
      ? fold({ initialState: initialOffice, evolve: evolveOffice }, of(officeStream(officeId)) as unknown as OfficeEvent[]).settings.stages
      : (await loadPipeline(store, null)).stages;
  return Promise.all(
    due.map(async (d): Promise<StepFacts | null> => {
      const lead = leads.get(d.leadId);
      if (!lead?.exists) return null;
      const accountEvents = of(userStream(lead.userId));
      const account = fold({ initialState: initialAccount, evolve: evolveAccount }, accountEvents as unknown as AccountEvent[]);
      const template = d.step.kind === 'email' ? (templates.get(d.step.templateId) ?? null) : null;
      return {
        now: now.toISOString(),
        zone: zoneOfLead({
          account: accountEvents,
          office: of(lead.officeId && agentZoneStream(lead.officeId)),
          agent: of(lead.agentId && agentZoneStream(lead.agentId)),
        }),
        stage: lead.stage,
        tags: lead.tags,
        openedAlert: opened.has(lead.leadId),
        emailConsent: account.exists && account.consent.email,
        hasEmailAddress: isValidEmail(lead.email),
        textRefusal: textEligibility(account),
        templateName: template?.name ?? null,
        pipelineStages: await pipelineStages(lead.officeId),
        pause: d.since ? replySince(of(smsStream(lead.leadId)), of(emailStream(lead.leadId)), d.since) : null,
      };
    }),
  );
}

/** The facts of one step (the preview's, and a step decided again after a lost race). */
export async function stepFacts(store: EventStore, pool: pg.Pool, leadId: string, step: PlanStep, since: string | null, now: Date): Promise<StepFacts | null> {
  return (await stepFactsOf(store, pool, [{ leadId, step, since }], now))[0]!;
}
