import type { AppendResult, EventStore, StreamAppend } from '../eventstore/event-store.port';
import { ConcurrencyError } from '../shared/errors';
import type { NewEvent } from '../shared/event';
import { retryOnConflict } from './retry-on-conflict';

/** What one attempt decided: the appends (each at the revision it read) and the caller's answer. */
export type Decided<T> = { readonly appends: readonly StreamAppend[]; readonly result: T };

export type RaceOptions = {
  /** Pause a try after a lost race (grows with each try). */
  readonly pauseMs?: number;
  readonly attempts?: number;
  /**
   * A lost race that has a meaning for the person (an e-mail claimed by someone else, a setup
   * already begun): the error to answer instead of deciding again. Undefined retries as usual.
   */
  readonly lostRace?: (err: ConcurrencyError) => Error | undefined;
};

/**
 * The command path for a decision that reads its own way (the last turn of a rotation, a whole
 * batch of listings, claims across streams): `attempt` reads and decides, its appends are written
 * in one atomic write, and a lost race runs `attempt` again on fresh reads. handleCommand and
 * handleCommandAcross are this with a decider; nothing else in the server appends events.
 */
export async function decideAndAppend<T>(
  store: EventStore,
  attempt: (n: number) => Promise<Decided<T>>,
  options: RaceOptions = {},
): Promise<{ readonly result: T; readonly appended: readonly AppendResult[] }> {
  return retryOnConflict(
    async (n) => {
      const { appends, result } = await attempt(n);
      try {
        return { result, appended: await write(store, appends) };
      } catch (err) {
        const meant = err instanceof ConcurrencyError ? options.lostRace?.(err) : undefined;
        throw meant ?? err;
      }
    },
    options.pauseMs,
    options.attempts,
  );
}

/**
 * Events whose ids say what they are (a provider's message id, an alert's id and kind): stored
 * once at the end of the stream, whoever records them again; a duplicate writes nothing.
 */
export async function recordOnce(store: EventStore, streamId: string, events: readonly NewEvent[]): Promise<AppendResult> {
  const { appended } = await decideAndAppend(store, async () => ({ appends: [{ streamId, expected: 'any', events }], result: undefined }));
  return appended[0]!;
}

/**
 * Decisions made apart (a sweep's steps, each on its own stream) written in one atomic write:
 * false when any of them lost its race, nothing written, for the caller to decide each again on
 * its own (through handleCommand).
 */
export async function appendTogether(store: EventStore, appends: readonly StreamAppend[]): Promise<boolean> {
  const lost = new Error('lost race');
  try {
    await decideAndAppend(store, async () => ({ appends, result: undefined }), { attempts: 1, lostRace: () => lost });
    return true;
  } catch (err) {
    if (err === lost) return false;
    throw err;
  }
}

async function write(store: EventStore, appends: readonly StreamAppend[]): Promise<AppendResult[]> {
  if (appends.length === 0) return [];
  if (appends.length === 1) return [await store.append(appends[0]!.streamId, appends[0]!.expected, appends[0]!.events)];
  return store.appendMany(appends);
}

/**
 * Events that begin a stream (a seed's marker, a profile's first lines): written when the stream
 * has none yet; a stream already begun, by an earlier run or a racing one, is left as it is.
 * Answers whether these events were the ones written.
 */
export async function beginStream(store: EventStore, streamId: string, events: readonly NewEvent[]): Promise<boolean> {
  const { result } = await decideAndAppend(store, async () => {
    const begun = (await store.streamRevision(streamId)) !== undefined;
    return { appends: begun ? [] : [{ streamId, expected: 'no_stream' as const, events }], result: !begun };
  });
  return result;
}
