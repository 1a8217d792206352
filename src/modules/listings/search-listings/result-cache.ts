/** An answer computed at an index version stays the answer while the version stands, up to this long (time moves some criteria, e.g. open houses from today on). */
export const MAX_AGE_MS = 60_000;

/**
 * A cache of search answers by their exact request, shared by concurrent requests (one query
 * for many identical ones). An answer is served while it is younger than `ttlMs` (search is
 * eventually consistent anyway: projections lag a little), or, when `version` tells where the
 * index is, while the index has not moved since it was computed (up to MAX_AGE_MS). 0 turns it
 * off.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { at: number; version: string | undefined; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly version: () => string | undefined = () => undefined,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = Date.now();
    const version = this.version();
    const hit = this.entries.get(key);
    if (hit) {
      const age = now - hit.at;
      if (age < this.ttlMs || (version !== undefined && hit.version === version && age < MAX_AGE_MS)) return hit.value;
    }
    // The version before computing: a change during the query makes the answer expire sooner, never later.
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: now, version, value });
    // A failure is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
