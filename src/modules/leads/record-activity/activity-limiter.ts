/**
 * A small per-user sliding window kept in memory: the public site reports a page view or a
 * search at human speed; a script that reports faster gets 429. One instance's view only,
 * which is enough to keep a lead's timeline readable.
 */
export class ActivityLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max = 30,
    private readonly windowMs = 60_000,
  ) {}

  allow(key: string, now = Date.now()): boolean {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.hits.clear();
    return true;
  }
}
