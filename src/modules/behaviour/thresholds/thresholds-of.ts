import { fold } from '../../../commands/decider';
import type { EventStore } from '../../../eventstore/event-store.port';
import { type BehaviourEvent, behaviourThresholdsStream } from '../behaviour.events';
import { thresholdsDecider, type ThresholdsState } from './change-thresholds.decide';

/** An office's thresholds as its stream says now, with when they were last changed (no office, or never changed: the defaults). */
export async function thresholdsOf(store: EventStore, officeId: string | null): Promise<ThresholdsState & { readonly changedAt: string | null }> {
  if (!officeId) return { ...thresholdsDecider.initialState(), changedAt: null };
  const events = await store.readStream(behaviourThresholdsStream(officeId));
  return { ...fold(thresholdsDecider, events as unknown as BehaviourEvent[]), changedAt: events.at(-1)?.metadata.at ?? null };
}
