import { fold } from '../../../commands/decider';
import type { CommandContext } from '../../../commands/command-context';
import { decideAndAppend } from '../../../commands/decide-and-append';
import type { EventStore } from '../../../eventstore/event-store.port';
import { toNewEvents } from '../../accounts';
import { type Lead, leadStream } from '../lead';
import { DEFAULT_PIPELINE, officeStream, type OfficeEvent, type Pipeline } from '../../office/office.events';
import { type LeadEvent } from '../leads.events';
import { loadLead } from '../load-lead';
import { evolveOffice, initialOffice, pipelineOf } from '../../office';

/** The pipeline of a lead's office as its stream says now; a lead outside any office uses the default one. */
export async function loadPipeline(store: EventStore, officeId: string | null): Promise<Pipeline> {
  if (!officeId) return DEFAULT_PIPELINE;
  const events = await store.readStream(officeStream(officeId));
  return pipelineOf(fold({ initialState: initialOffice, evolve: evolveOffice }, events as unknown as OfficeEvent[]));
}

/** loadPipeline remembered for one run of a reactor (an office's stream read once, not once a lead). */
export function pipelinesOnce(store: EventStore): (officeId: string | null) => Promise<Pipeline> {
  const seen = new Map<string, Promise<Pipeline>>();
  return (officeId) => {
    if (!officeId) return Promise.resolve(DEFAULT_PIPELINE);
    let p = seen.get(officeId);
    if (!p) seen.set(officeId, (p = loadPipeline(store, officeId)));
    return p;
  };
}

/**
 * Loads the lead and its office's pipeline, decides, and appends to the lead's stream with the
 * revision read (a lost race reloads and decides again). The one way the PATCH and the pipeline's
 * reactors write a lead; answers the lead before and the events appended.
 */
export async function decideOnLead(
  store: EventStore,
  leadId: string,
  decide: (lead: Lead, pipeline: Pipeline) => readonly LeadEvent[],
  ctx: (lead: Extract<Lead, { exists: true }>) => CommandContext,
  pipelineOf: (officeId: string | null) => Promise<Pipeline> = (officeId) => loadPipeline(store, officeId),
): Promise<{ readonly lead: Lead; readonly events: readonly LeadEvent[] }> {
  const { result } = await decideAndAppend<{ readonly lead: Lead; readonly events: readonly LeadEvent[] }>(store, async () => {
    const { lead, revision } = await loadLead(store, leadId);
    const events = decide(lead, lead.exists ? await pipelineOf(lead.officeId) : DEFAULT_PIPELINE);
    if (events.length === 0 || !lead.exists || revision === undefined) return { appends: [], result: { lead, events: [] } };
    return { appends: [{ streamId: leadStream(leadId), expected: revision, events: toNewEvents(events, ctx(lead)) }], result: { lead, events } };
  });
  return result;
}

/**
 * One run of a pipeline reactor: every row its read model has waiting, a page at a time (a
 * row handled but not yet gone from the read model is looked at again by a later run, and
 * decided to nothing). Answers how many appended.
 */
export async function sweepPending<T>(
  page: (limit: number, offset: number) => Promise<readonly T[]>,
  size: number,
  stopped: () => boolean,
  each: (row: T) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (let offset = 0; !stopped(); offset += size) {
    const rows = await page(size, offset);
    for (const row of rows) if (await each(row)) done++;
    if (rows.length < size) break;
  }
  return done;
}
