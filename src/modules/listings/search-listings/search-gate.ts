import { AppError } from '../../../shared/errors';

export const TOO_MANY_SEARCHES = 'Too many searches from your address. Please try again in a minute.';
export const TOO_MANY_AT_ONCE = 'Too many searches at once from your address. Please try again in a moment.';
/** Searches of one address that may wait for a turn; past that the next is refused. */
export const MAX_WAITING = 32;

export type SearchGateLimits = {
  /** Searches an address may start in a minute, in bursts of up to a sixth of it. */
  readonly perMinute: number;
  /** Searches of an address that run at once; the next ones wait their turn. */
  readonly parallel: number;
  /**
   * Searches of all addresses that run at once in this process (SEARCH_PARALLEL). The in-memory
   * index answers from this process's CPU: ten searches at once made every turn of the event
   * loop long, and the few round trips that push a new lead to its agent each waited for one
   * (p95 137 ms, 70 of them between the lead's assignment and the socket).
   */
  readonly total?: number;
};

type Client = { tokens: number; at: number; running: number; readonly waiting: (() => void)[] };

/**
 * Per client address, in this process: a token bucket (perMinute, a sixth of it at once) and a
 * number of searches running at once (`parallel`, by default one). A person paging a map starts
 * a search or two a second and waits for each; a script that sends searches in parallel gets
 * them run one after another, so that however costly its searches, it keeps no more than one
 * search's statements busy; one that keeps sending gets 429. Counted in memory, not in
 * PostgreSQL as RateLimiter is: search is the hottest path there is, and a round trip per
 * request would cost it more than the limit saves (README, Search limits). Several instances
 * each count their own.
 */
export class SearchGate {
  private readonly clients = new Map<string, Client>();
  private readonly burst: number;
  private readonly perMs: number;
  private calls = 0;
  private running = 0;
  private readonly turns: (() => void)[] = [];

  constructor(
    private readonly limits: SearchGateLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.burst = Math.max(1, Math.ceil(limits.perMinute / 6));
    this.perMs = limits.perMinute / 60_000;
  }

  /** Runs `search` for the client at `address` when its limits allow; 429 when they do not. */
  async run<T>(address: string, search: () => Promise<T>): Promise<T> {
    const key = addressKey(address);
    const client = this.admit(key);
    if (client.running < this.limits.parallel) client.running++;
    else await new Promise<void>((turn) => client.waiting.push(turn));
    try {
      if (this.running < (this.limits.total ?? Infinity)) this.running++;
      else await new Promise<void>((turn) => this.turns.push(turn));
      try {
        return await search();
      } finally {
        const next = this.turns.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      // The slot passes to the next waiting search of the address, if any.
      const next = client.waiting.shift();
      if (next) next();
      else client.running--;
    }
  }

  /** Addresses the gate holds now (idle ones whose bucket has filled up again are let go). */
  get size(): number {
    return this.clients.size;
  }

  private admit(key: string): Client {
    const now = this.now();
    if (++this.calls % 1000 === 0) this.forgetIdle(now);
    let client = this.clients.get(key);
    if (!client) this.clients.set(key, (client = { tokens: this.burst, at: now, running: 0, waiting: [] }));
    client.tokens = Math.min(this.burst, client.tokens + (now - client.at) * this.perMs);
    client.at = now;
    // Refused searches are not counted.
    if (client.tokens < 1) throw new AppError('rate_limited', TOO_MANY_SEARCHES);
    if (client.running >= this.limits.parallel && client.waiting.length >= MAX_WAITING) throw new AppError('rate_limited', TOO_MANY_AT_ONCE);
    client.tokens -= 1;
    return client;
  }

  /** An address with nothing running and a full bucket is as good as unknown. */
  private forgetIdle(now: number): void {
    for (const [key, c] of this.clients) {
      if (c.running === 0 && c.tokens + (now - c.at) * this.perMs >= this.burst) this.clients.delete(key);
    }
  }
}

/**
 * The client a limit applies to: an IPv4 address (also when written IPv4-mapped), or the /64
 * network of an IPv6 one, since one subscriber commonly holds a whole /64.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head, tail] = address.toLowerCase().split('%')[0]!.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
