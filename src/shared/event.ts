/**
 * Events are plain serialisable objects: a past-tense type, data, and metadata that says who,
 * where and when. Time enters through metadata.at, never through new Date() in decide/evolve.
 */
export type EventMetadata = {
  readonly siteId: string | null;
  readonly actorId: string | null;
  readonly impersonatorId: string | null;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** ISO-8601 instant at which the command was accepted. */
  readonly at: string;
};

export type Event<Type extends string = string, Data = unknown> = {
  readonly type: Type;
  readonly data: Data;
};

/** An event about to be appended. eventId makes a retried append idempotent. */
export type NewEvent<E extends Event = Event> = E & {
  readonly eventId: string;
  readonly metadata: EventMetadata;
};

/** An event as read back from the store. */
export type StoredEvent<E extends Event = Event> = E & {
  readonly eventId: string;
  readonly metadata: EventMetadata;
  readonly streamId: string;
  readonly streamPosition: bigint;
  readonly globalPosition: bigint;
  /** The appending transaction's id; with globalPosition it orders the global log. */
  readonly transactionId: bigint;
  readonly createdAt: Date;
};
