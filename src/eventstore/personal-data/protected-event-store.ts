import type { NewEvent, StoredEvent } from '../../shared/event';
import {
  type AppendResult,
  type Checkpoint,
  EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type ReadStreamsOptions,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import { assertValidAppends } from '../validate-event';
import type { DataKeys } from './data-keys';
import { isSealed, open, seal } from './field-cipher';
import { keyRequests, mapPersonal, type PersonalFields } from './personal-fields';

type Data = Record<string, unknown>;

/**
 * Crypto-shredding in one place, around whichever adapter holds the log: an append seals the
 * personal fields of each event (per the PersonalFields registry) under its person's data key;
 * every read (streams, the global log, subscriptions, so the deciders, the projections and the
 * back-office history alike) opens them again, or, once the key is destroyed, gives the field's
 * erased placeholder. Type, time, actor and every other field stay in the clear.
 */
export class ProtectedEventStore extends EventStore {
  constructor(
    readonly inner: EventStore,
    private readonly keys: DataKeys,
    private readonly fields: PersonalFields,
  ) {
    super();
  }

  async append(streamId: string, expected: ExpectedRevision, events: readonly NewEvent[]): Promise<AppendResult> {
    const [sealed] = await this.sealAppends([{ streamId, expected, events }]);
    return this.inner.append(streamId, expected, sealed!.events);
  }

  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return this.inner.appendMany(await this.sealAppends(appends));
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    return this.openEvents(await this.inner.readStream(streamId, options));
  }

  async readStreams(streamIds: readonly string[], options?: ReadStreamsOptions): Promise<Map<string, StoredEvent[]>> {
    const streams = await this.inner.readStreams(streamIds, options);
    const opened = await this.openEvents([...streams.values()].flat());
    const out = new Map<string, StoredEvent[]>();
    for (const e of opened) {
      const list = out.get(e.streamId);
      if (list) list.push(e);
      else out.set(e.streamId, [e]);
    }
    return out;
  }

  streamRevision(streamId: string): Promise<bigint | undefined> {
    return this.inner.streamRevision(streamId);
  }

  async readAll(from: Checkpoint, options?: ReadAllOptions): Promise<ReadAllPage> {
    const page = await this.inner.readAll(from, options);
    return { ...page, events: await this.openEvents(page.events) };
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe({ ...options, onEvents: async (events, next) => options.onEvents(await this.openEvents(events), next) });
  }

  head(): Promise<Checkpoint> {
    return this.inner.head();
  }

  override get logInPostgres(): boolean {
    return this.inner.logInPostgres;
  }

  override lastCommitted(): Promise<Checkpoint> {
    return this.inner.lastCommitted();
  }

  override appendsHeard(): number | undefined {
    return this.inner.appendsHeard();
  }

  override othersSettled(): void {
    this.inner.othersSettled();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The personal values of events, sealed; a person already erased gets the placeholders (nothing to keep). */
  async sealAppends(appends: readonly StreamAppend[]): Promise<StreamAppend[]> {
    const events = appends.flatMap((a) => a.events);
    if (!events.some((e) => this.fields.has(e.type))) return [...appends];
    // Checked in the clear, so a refusal names the field rather than its ciphertext.
    assertValidAppends(appends);
    const sealed = await this.sealData(events);
    let i = 0;
    return appends.map((a) => ({ ...a, events: a.events.map((e) => ({ ...e, data: sealed[i++] })) }));
  }

  /** Each event's data with its personal values sealed (the same object when it has none). */
  async sealData(events: readonly { readonly type: string; readonly data: unknown }[]): Promise<unknown[]> {
    const requests = events.flatMap((e) => {
      const rule = this.fields.get(e.type);
      return rule ? keyRequests(rule, e.data as Data) : [];
    });
    if (requests.length === 0) return events.map((e) => e.data);
    const keys = await this.keys.forWriting(requests);
    return events.map((e) => {
      const rule = this.fields.get(e.type);
      if (!rule) return e.data;
      return mapPersonal(rule, e.data as Data, (subject, v, erased) => {
        if (isSealed(v)) return v;
        const key = keys.get(subject) ?? null;
        return key ? seal(key, subject, v) : erased;
      });
    });
  }

  /** Events with their personal values opened, or replaced by the erased placeholder. */
  async openEvents(events: StoredEvent[]): Promise<StoredEvent[]> {
    const subjects = new Set<string>();
    for (const e of events) {
      const rule = this.fields.get(e.type);
      if (rule) for (const r of keyRequests(rule, e.data as Data)) subjects.add(r.subject);
    }
    if (subjects.size === 0) return events;
    const keys = await this.keys.forReading([...subjects]);
    return events.map((e) => {
      const rule = this.fields.get(e.type);
      if (!rule) return e;
      const data = mapPersonal(rule, e.data as Data, (subject, v, erased) => {
        if (!isSealed(v)) return v;
        const key = keys.get(subject);
        return key ? open(key, subject, v) : erased;
      });
      return data === e.data ? e : { ...e, data };
    });
  }
}
