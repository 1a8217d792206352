import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { agentsByMlsId } from '../../../../projections/lead-routing';
import { type CommandContext, metadataOf } from '../../../commands/command-context';
import type { EventStore, StreamAppend } from '../../../eventstore/event-store.port';
import { decideOffice, evolveOffice, initialOffice, type OfficeEvent, officeStream } from '../../office';

/** A record of the batch that names its listing agent by MLS id. */
// The MLS names the listing agent with the broker's authority: it may set or change any link of the office.
const MLS_AS_BROKER = (officeId: string) => ({ role: 'broker' as const, userId: officeId });

export type AgentClaim = { readonly pdid: string; readonly listAgentMlsId: string };

/**
 * Listing-agent routing without linking by hand: for the records of a batch whose
 * ListAgentMlsId is a Porchlight agent's MLS id (AgentMlsIdChanged), the appends that link each
 * listing to that agent in the agent's office (ListingAgentLinked, only where it changes), with
 * the office streams' expected revisions. They go in the batch's own atomic append, so a link is
 * stored exactly when the listing is.
 */
export async function listingAgentLinks(store: EventStore, pool: pg.Pool, claims: readonly AgentClaim[], ctx: CommandContext): Promise<StreamAppend[]> {
  if (claims.length === 0) return [];
  let agents: Awaited<ReturnType<typeof agentsByMlsId>>;
  try {
    agents = await agentsByMlsId(pool, [...new Set(claims.map((c) => c.listAgentMlsId))]);
  } catch (err) {
    // No lead routing read model in this database yet (no server has run): nobody to link to.
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  }
  const byBroker = new Map<string, { pdid: string; agentId: string }[]>();
  for (const c of claims) {
    for (const agent of agents.get(c.listAgentMlsId) ?? [])
      (byBroker.get(agent.officeId) ?? byBroker.set(agent.officeId, []).get(agent.officeId)!).push({ pdid: c.pdid, agentId: agent.agentId });
  }
  if (byBroker.size === 0) return [];
  const streams = await store.readStreams([...byBroker.keys()].map(officeStream));
  const appends: StreamAppend[] = [];
  for (const [officeId, links] of byBroker) {
    const stored = streams.get(officeStream(officeId)) ?? [];
    let office = stored.reduce((s, e) => evolveOffice(s, e as unknown as OfficeEvent), initialOffice());
    const events: OfficeEvent[] = [];
    for (const link of links) {
      for (const e of decideOffice(
        { kind: 'link-listing', officeId, pdid: link.pdid, agentId: link.agentId, by: MLS_AS_BROKER(officeId), mlsHolder: null },
        office,
      )) {
        office = evolveOffice(office, e);
        events.push(e);
      }
    }
    if (events.length === 0) continue;
    const revision = stored.at(-1)?.streamPosition;
    const metadata = metadataOf({ ...ctx, now: new Date() });
    appends.push({
      streamId: officeStream(officeId),
      expected: revision === undefined ? 'no_stream' : revision,
      events: events.map((e) => ({ ...e, eventId: randomUUID(), metadata })),
    });
  }
  return appends;
}
