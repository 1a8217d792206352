/** An answer computed at an index version stays the answer while the version stands, up to this long (time moves some criteria, e.g. open houses from today on). */
export const MAX_AGE_MS = 60_000;

type Entry<T> = { readonly at: number; readonly version: string | undefined; readonly value: Promise<T>; bytes: number };

/**
 * What an entry is counted as: twice its key's length, three times its answer's JSON (V8 keeps a
 * map answer in about 1.4 times its JSON's length, and the answer's bytes as first sent, plain
 * and compressed, are kept with it: src/http/answer-json.ts), above what entries really take.
 */
export const entryBytes = (key: string, value: unknown): number => 2 * key.length + (value === undefined ? 0 : 3 * JSON.stringify(value).length);

/**
 * A cache of search answers by their exact request, shared by concurrent requests (one query
 * for many identical ones). An answer is served while it is younger than `ttlMs` (search is
 * eventually consistent anyway: projections lag a little), or, when `version` tells where the
 * index is, while the index has not moved since it was computed (up to MAX_AGE_MS). 0 turns it
 * off.
 *
 * It holds at most `maxBytes` (see entryBytes), dropping the oldest answers first: distinct
 * requests with long criteria cannot grow the process, whatever their number. Answers that can
 * no longer be served go as soon as the next request comes.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private total = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly version: () => string | undefined = () => undefined,
  ) {}

  /** What the entries count for now (see entryBytes); answers still being computed count their key. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    const version = this.version();
    this.dropStale(now, version);
    const hit = this.entries.get(key);
    if (hit && this.servable(hit, now, version)) return hit.value;
    // The version before computing: a change during the query makes the answer expire sooner, never later.
    const value = compute();
    this.remove(key);
    const entry: Entry<T> = { at: now, version, value, bytes: entryBytes(key, undefined) };
    this.entries.set(key, entry);
    this.total += entry.bytes;
    value.then(
      (answer) => {
        if (this.entries.get(key) !== entry) return;
        const bytes = entryBytes(key, answer);
        this.total += bytes - entry.bytes;
        entry.bytes = bytes;
        // An answer bigger than the whole cache is not kept (and does not push the others out).
        if (bytes > this.maxBytes) this.remove(key);
        this.shrink();
      },
      // A failure is not remembered.
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    this.shrink();
    return value;
  }

  private servable(e: Entry<T>, now: number, version: string | undefined): boolean {
    const age = now - e.at;
    return age < this.ttlMs || (version !== undefined && e.version === version && age < MAX_AGE_MS);
  }

  /** Entries are in the order they were computed: the oldest that can no longer be served go first. */
  private dropStale(now: number, version: string | undefined): void {
    for (const [key, e] of this.entries) {
      if (this.servable(e, now, version)) return;
      this.remove(key);
    }
  }

  private shrink(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes) return;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes;
  }
}
