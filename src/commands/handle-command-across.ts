import { randomUUID } from 'node:crypto';
import type { AppendResult, EventStore } from '../eventstore/event-store.port';
import type { Event } from '../shared/event';
import { type CommandContext, metadataOf } from './command-context';
import { decideAndAppend } from './decide-and-append';

/** One stream a command reads and may append to, with how its events fold. */
export type StreamFold<State, E extends Event> = {
  readonly streamId: string;
  readonly initialState: () => State;
  readonly evolve: (state: State, event: E) => State;
};

/**
 * handleCommand for a decision that spans streams (merging two accounts, starting an
 * impersonation): every stream is loaded and folded, `decide` answers events per stream (in the
 * order of `streams`), and they are appended in one atomic appendMany, each stream checked
 * against the revision that was read. A lost race reloads every stream and decides again.
 */
export async function handleCommandAcross<State, E extends Event>(
  store: EventStore,
  streams: readonly StreamFold<State, E>[],
  decide: (states: readonly State[]) => readonly (readonly E[])[],
  ctx: CommandContext,
): Promise<{ readonly states: readonly State[]; readonly events: readonly (readonly E[])[]; readonly appended: readonly AppendResult[] }> {
  const { result, appended } = await decideAndAppend(store, async () => {
    const loaded = await store.readStreams(streams.map((s) => s.streamId));
    const revisions = streams.map((s) => loaded.get(s.streamId)?.at(-1)?.streamPosition);
    const states = streams.map((s) => (loaded.get(s.streamId) ?? []).reduce((st, e) => s.evolve(st, e as unknown as E), s.initialState()));
    const decided = decide(states);
    const appends = streams
      .map((s, i) => ({ s, i, events: decided[i] ?? [] }))
      .filter((x) => x.events.length > 0)
      .map(({ s, i, events }) => ({
        streamId: s.streamId,
        expected: revisions[i] === undefined ? ('no_stream' as const) : revisions[i]!,
        events: events.map((e) => ({ ...e, eventId: randomUUID(), metadata: metadataOf(ctx) })),
      }));
    const after = streams.map((s, i) => (decided[i] ?? []).reduce(s.evolve, states[i]!));
    return { appends, result: { states: after, events: decided } };
  });
  return { ...result, appended };
}
