import { randomUUID } from 'node:crypto';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { leadStream } from '../../src/modules/leads';
import type { NewEvent } from '../../src/shared/event';

const HOUR = 3_600_000;

/** A lead as a CRM test wants it: who holds it, where from, and when things happened (hours before `now`). */
export type CrmLead = {
  readonly fullName: string;
  readonly email?: string;
  readonly phone?: string | null;
  readonly siteId: string;
  readonly source: string;
  readonly leadType?: string;
  readonly agentId: string;
  readonly officeId: string | null;
  readonly createdHoursAgo: number;
  readonly stage?: string;
  readonly tags?: readonly string[];
  readonly firstContactHoursAgo?: number;
  /** Something happened this long ago (a tag change), making it the last activity. */
  readonly activityHoursAgo?: number;
};

/**
 * Appends a lead's events with the times a test needs (captured days ago, first contacted
 * later...), as the product's commands would have appended them then, on the lead's stream in one
 * append (assigned at once, so the router leaves it alone). Answers the lead id.
 */
export async function seedCrmLead(server: Started, l: CrmLead, now = Date.now()): Promise<string> {
  const leadId = randomUUID();
  const siteId = l.siteId;
  const at = (hoursAgo: number) => ({ ...metadataOf(systemContext(new Date(now - hoursAgo * HOUR), siteId)) });
  const ev = (type: string, data: Record<string, unknown>, hoursAgo: number): NewEvent => ({ type, data, eventId: randomUUID(), metadata: at(hoursAgo) });
  const events: NewEvent[] = [
    ev(
      'LeadCaptured',
      {
        leadId,
        userId: randomUUID(),
        siteId,
        fullName: l.fullName,
        email: l.email ?? `${leadId.slice(0, 8)}@example.com`,
        phone: l.phone === undefined ? '2065550199' : l.phone,
        leadType: l.leadType ?? 'Buyer',
        source: l.source,
        firstTouch: { src: l.source, referrer: null, at: new Date(now - l.createdHoursAgo * HOUR).toISOString() },
        listingPdid: null,
      },
      l.createdHoursAgo,
    ),
  ];
  events.push(ev('LeadAssigned', { leadId, siteId, agentId: l.agentId, officeId: l.officeId, rule: 'round-robin', ruleVersion: 1 }, l.createdHoursAgo));
  if (l.firstContactHoursAgo !== undefined) {
    const when = new Date(now - l.firstContactHoursAgo * HOUR).toISOString();
    events.push(ev('LeadFirstContacted', { leadId, siteId, byUserId: l.agentId, via: 'call', at: when }, l.firstContactHoursAgo));
  }
  if (l.stage && l.stage !== 'New') {
    events.push(ev('LeadStageChanged', { leadId, siteId, stage: l.stage, fromStage: 'New', byUserId: l.agentId }, l.firstContactHoursAgo ?? l.createdHoursAgo));
  }
  if (l.tags?.length) events.push(ev('LeadTagsChanged', { leadId, siteId, tags: l.tags, byUserId: l.agentId }, l.activityHoursAgo ?? l.createdHoursAgo));
  // Appended in time order, as they would have been.
  events.sort((a, b) => a.metadata.at.localeCompare(b.metadata.at));
  await server.runtime.store.append(leadStream(leadId), 'no_stream', events);
  return leadId;
}

/**
 * Nobody contacted the lead: it goes from its agent to the office's pond. Call it once the lead
 * is routed (settle): the router reads the lead when its capture is projected, and would route a
 * lead that is already in the pond again.
 */
export async function putInPond(server: Started, leadId: string, officeId: string): Promise<void> {
  const [captured] = await server.runtime.store.readStream(leadStream(leadId), { limit: 1 });
  const events = await server.runtime.store.readStream(leadStream(leadId));
  const d = captured!.data as { siteId: string };
  const assigned = events.filter((e) => e.type === 'LeadAssigned').at(-1)!.data as { agentId: string };
  await server.runtime.store.append(leadStream(leadId), events.at(-1)!.streamPosition, [
    {
      type: 'LeadPutInPond',
      data: { leadId, siteId: d.siteId, officeId, fromAgentId: assigned.agentId, reason: 'not-contacted' },
      eventId: randomUUID(),
      metadata: metadataOf(systemContext(new Date(), d.siteId)),
    },
  ]);
}
