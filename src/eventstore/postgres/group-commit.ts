import type { AppendResult, StreamAppend } from '../event-store.port';

/** What runs a group (one statement) and what runs one append alone when a group cannot answer for it. */
export type GroupWriter = {
  /** Per append, in order: its result, an error of its own, or 'alone' (run it by itself). */
  writeGroup(units: readonly (readonly StreamAppend[])[]): Promise<(AppendResult[] | Error | 'alone')[]>;
  writeAlone(unit: readonly StreamAppend[]): Promise<AppendResult[]>;
};

type Pending = {
  readonly unit: readonly StreamAppend[];
  readonly events: number;
  readonly resolve: (r: AppendResult[]) => void;
  readonly reject: (e: unknown) => void;
};

/**
 * Group commit. Appends that arrive while earlier groups are being written wait in a queue; as
 * soon as a writing slot is free, everything waiting (up to a size) goes out as ONE statement,
 * one transaction, one fsync. There is no timer: an append on a quiet store leaves at once
 * (after the current turn of the event loop, so appends issued together travel together), and
 * the busier the store, the bigger the groups.
 *
 * Each append keeps its own check and its own answer: one writer's conflict is that writer's
 * error only. A stream is never in two groups at once, nor twice in one group, so a group never
 * races itself; anything the statement cannot settle (a lost race with another process on a
 * unique key, an event id already stored, a failure) is run again alone, by the one-append path
 * whose answers the conformance suite pins down.
 */
export class GroupCommit {
  private readonly queue: Pending[] = [];
  private readonly busyStreams = new Set<string>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly writer: GroupWriter,
    private readonly limits: { readonly slots: number; readonly maxEvents: number },
  ) {}

  submit(unit: readonly StreamAppend[]): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ unit, events: unit.reduce((n, a) => n + a.events.length, 0), resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.limits.slots || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.limits.slots && this.dispatch());
    });
  }

  /** Takes the next group off the queue and writes it; false when nothing could be taken. */
  private dispatch(): boolean {
    const group: Pending[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (let i = 0; i < this.queue.length;) {
      const p = this.queue[i]!;
      if (group.length > 0 && events + p.events > this.limits.maxEvents) break;
      // An append whose stream is being written, or taken by this group, waits for a later one.
      if (p.unit.some((a) => streams.has(a.streamId) || this.busyStreams.has(a.streamId))) {
        i++;
        continue;
      }
      for (const a of p.unit) streams.add(a.streamId);
      events += p.events;
      group.push(p);
      this.queue.splice(i, 1);
    }
    if (group.length === 0) return false;
    this.inFlight++;
    for (const s of streams) this.busyStreams.add(s);
    void this.write(group).finally(() => {
      this.inFlight--;
      for (const s of streams) this.busyStreams.delete(s);
      this.schedule();
    });
    return true;
  }

  private async write(group: Pending[]): Promise<void> {
    let answers: (AppendResult[] | Error | 'alone')[];
    try {
      answers = await this.writer.writeGroup(group.map((p) => p.unit));
    } catch {
      // Nothing of the statement was written (one transaction): each append goes again alone.
      answers = group.map(() => 'alone');
    }
    await Promise.all(
      group.map(async (p, i) => {
        const a = answers[i]!;
        if (a instanceof Error) return p.reject(a);
        if (a !== 'alone') return p.resolve(a);
        try {
          p.resolve(await this.writer.writeAlone(p.unit));
        } catch (err) {
          p.reject(err);
        }
      }),
    );
  }
}
