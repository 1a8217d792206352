import { randomUUID } from 'node:crypto';
import type { AppendResult, EventStore } from '../eventstore/event-store.port';
import type { Event } from '../shared/event';
import { type CommandContext, metadataOf } from './command-context';
import type { Decider } from './decider';
import { decideAndAppend } from './decide-and-append';

export type CommandResult<State, E extends Event> = {
  readonly events: readonly E[];
  readonly state: State;
  /** Undefined when the command decided nothing (no events, nothing appended). */
  readonly append: AppendResult | undefined;
};

/**
 * Load the stream, fold it, decide, append with the revision that was read. If another writer
 * got there first, reload and decide again (a bounded number of times): the decision is always
 * made on the state the append is checked against.
 */
export async function handleCommand<State, Command, E extends Event>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, E>,
  command: Command,
  ctx: CommandContext,
): Promise<CommandResult<State, E>> {
  const { result, appended } = await decideAndAppend(store, async () => {
    const stored = await store.readStream(streamId);
    const state = stored.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState());
    const events = decider.decide(command, state);
    const revision = stored.at(-1)?.streamPosition;
    const appends =
      events.length === 0
        ? []
        : [{ streamId, expected: revision ?? ('no_stream' as const), events: events.map((e) => ({ ...e, eventId: randomUUID(), metadata: metadataOf(ctx) })) }];
    return { appends, result: { events, state: events.reduce(decider.evolve, state) } };
  });
  return { ...result, append: appended[0] };
}
