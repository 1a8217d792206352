import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Filter, FilterSyntaxError, matches, parseFilter } from './odata-filter';

export type ResoResource = 'Property' | 'Media' | 'OpenHouse' | 'Member' | 'Office';
export type ResoRecordJson = Record<string, unknown>;

const KEY: Record<ResoResource, string> = { Property: 'ListingKey', Media: 'MediaKey', OpenHouse: 'OpenHouseKey', Member: 'MemberKey', Office: 'OfficeKey' };

/** How the stand-in behaves; every switch can be changed while it runs (`server.options.x = ...`). */
export type ResoServerOptions = {
  /** OAuth2 clients the token endpoint knows. */
  clients: { id: string; secret: string }[];
  /** Static bearer tokens the API accepts besides issued ones. */
  bearerTokens: string[];
  tokenLifetimeSeconds: number;
  /** auto: a nextLink while more remains; never: none; only: pages only by nextLink ($skip is ignored). */
  nextLink: 'auto' | 'never' | 'only';
  /** The most records a page holds, whatever $top asks. */
  topCap: number | null;
  /** A $top above this is refused with 400 (servers that refuse rather than cap). */
  maxTop: number | null;
  /** Answers as if $skip were not given (a server that ignores it). */
  ignoreSkip: boolean;
  /** Offers @odata.count when $count=true. */
  count: boolean;
  /** Supports $expand=Media,OpenHouse on Property; false answers 400 to any $expand. */
  expand: boolean;
  /** Offset (minutes) of timestamps stored without one, as the server itself reads them. */
  naiveOffsetMinutes: number;
  /** Delay before each API answer (a slow server, for killing a sync mid-way). */
  delayMs: number;
  /** Resources these credentials are not licensed for: 403. */
  forbidden: ResoResource[];
};

export type LoggedRequest = { readonly resource: string; readonly query: Readonly<Record<string, string>>; readonly status: number };

/**
 * A small RESO Web API (OData JSON) server for tests and benchmarks: Property, Media, OpenHouse,
 * Member and Office under `url`, an OAuth2 client-credentials token endpoint at `tokenUrl`;
 * $filter (see odata-filter.ts), $orderby, $top, $skip, $select, $expand, $count and
 * @odata.nextLink, with switches for what real servers do differently (options), hard deletes
 * (remove), and failures on demand (failNext: 429 with Retry-After, 5xx, 401).
 */
export class ResoServer {
  readonly options: ResoServerOptions;
  readonly requests: LoggedRequest[] = [];
  tokensIssued = 0;
  private readonly data = new Map<ResoResource, Map<string, ResoRecordJson>>();
  private readonly sorted = new Map<string, ResoRecordJson[]>();
  /** Media and open houses by listing key, for $expand (built when first asked, dropped on change). */
  private readonly byListing = new Map<'Media' | 'OpenHouse', Map<string, ResoRecordJson[]>>();
  private readonly tokens = new Map<string, number>();
  private readonly failures: { status: number; retryAfter?: string; body?: unknown }[] = [];
  private server: http.Server | undefined;
  private base = '';

  constructor(options: Partial<ResoServerOptions> = {}) {
    this.options = {
      clients: [],
      bearerTokens: [],
      tokenLifetimeSeconds: 3600,
      nextLink: 'auto',
      topCap: null,
      ignoreSkip: false,
      count: true,
      expand: true,
      naiveOffsetMinutes: 0,
      delayMs: 0,
      forbidden: [],
      maxTop: null,
      ...options,
    };
    for (const r of Object.keys(KEY) as ResoResource[]) this.data.set(r, new Map());
  }

  get url(): string {
    return `${this.base}/odata`;
  }
  get tokenUrl(): string {
    return `${this.base}/oauth2/token`;
  }

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Adds or replaces records of a resource (by its key). */
  put(resource: ResoResource, ...records: ResoRecordJson[]): void {
    this.putAll(resource, records);
  }

  /** put for many records (no argument list to overflow). */
  putAll(resource: ResoResource, records: readonly ResoRecordJson[]): void {
    const table = this.data.get(resource)!;
    for (const r of records) table.set(String(r[KEY[resource]]), r);
    this.invalidate(resource);
  }

  /** A hard delete: the record is gone without a trace (no Delete status, no MlgCanView). */
  remove(resource: ResoResource, key: string): void {
    this.data.get(resource)!.delete(key);
    this.invalidate(resource);
  }

  get(resource: ResoResource, key: string): ResoRecordJson | undefined {
    return this.data.get(resource)!.get(key);
  }

  all(resource: ResoResource): ResoRecordJson[] {
    return [...this.data.get(resource)!.values()];
  }

  /** The next API answers (not the token endpoint's) fail like this, in order. */
  failNext(...failures: { status: number; retryAfter?: string; body?: unknown }[]): void {
    this.failures.push(...failures);
  }

  /** Every issued token expires now: the API answers 401 until a new one is fetched. */
  expireTokens(): void {
    for (const t of this.tokens.keys()) this.tokens.set(t, 0);
  }

  /** API requests to a resource, in order (token requests are counted in tokensIssued). */
  requestsTo(resource: ResoResource): LoggedRequest[] {
    return this.requests.filter((r) => r.resource === resource);
  }

  private invalidate(resource: ResoResource): void {
    if (resource === 'Media' || resource === 'OpenHouse') this.byListing.delete(resource);
    for (const k of this.sorted.keys()) if (k.startsWith(`${resource} `)) this.sorted.delete(k);
  }

  private instantOf = (text: string): number =>
    /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? Date.parse(text) : Date.parse(`${text}Z`) - this.options.naiveOffsetMinutes * 60_000;

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; odata.metadata=minimal', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname === '/oauth2/token') return this.token(req, send);
      const m = /^\/odata\/(Property|Media|OpenHouse|Member|Office)$/.exec(url.pathname);
      const query = Object.fromEntries(url.searchParams);
      if (!m) return send(404, { error: { code: '404', message: `No resource at ${url.pathname}` } });
      const resource = m[1] as ResoResource;
      const log = (status: number) => this.requests.push({ resource, query, status });
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const expires = auth ? this.tokens.get(auth) : undefined;
      // The token is judged as the request arrives, as a real server does; the delay is its answer's latency.
      const authorized = auth !== undefined && (this.options.bearerTokens.includes(auth) || (expires !== undefined && expires > Date.now()));
      if (this.options.delayMs) await new Promise((r) => setTimeout(r, this.options.delayMs));
      if (!authorized) {
        log(401);
        return send(401, { error: { code: '401', message: 'The access token is missing, invalid or expired' } });
      }
      if (this.options.forbidden.includes(resource)) {
        log(403);
        return send(403, { error: { code: '403', message: `Not licensed for ${resource}` } });
      }
      const failure = this.failures.shift();
      if (failure) {
        log(failure.status);
        return send(
          failure.status,
          failure.body ?? { error: { code: String(failure.status), message: 'Try again later' } },
          failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
        );
      }
      const answer = this.query(resource, query);
      log(answer.status);
      send(answer.status, answer.body);
    } catch (err) {
      if (err instanceof FilterSyntaxError) return send(400, { error: { code: '400', message: `Invalid $filter: ${err.message}` } });
      send(500, { error: { code: '500', message: (err as Error).message } });
    }
  }

  private token(req: http.IncomingMessage, send: (status: number, body: unknown) => void): void {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
      const id = form.get('client_id') ?? basicId;
      const secret = form.get('client_secret') ?? basicSecret;
      if (form.get('grant_type') !== 'client_credentials') return send(400, { error: 'unsupported_grant_type' });
      if (!this.options.clients.some((c) => c.id === id && c.secret === secret)) return send(401, { error: 'invalid_client' });
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, Date.now() + this.options.tokenLifetimeSeconds * 1000);
      this.tokensIssued++;
      send(200, { access_token: token, token_type: 'Bearer', expires_in: this.options.tokenLifetimeSeconds });
    });
  }

  private query(resource: ResoResource, q: Record<string, string>): { status: number; body: unknown } {
    const expand = (q.$expand ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (expand.length && (!this.options.expand || resource !== 'Property' || expand.some((e) => e !== 'Media' && e !== 'OpenHouse'))) {
      return { status: 400, body: { error: { code: '400', message: `$expand=${q.$expand} is not supported` } } };
    }
    const filter = q.$filter ? parseFilter(q.$filter) : null;
    const orderby = (q.$orderby ?? KEY[resource]).split(',').map((s) => s.trim().split(/\s+/) as [string, string?]);
    const asked = q.$top !== undefined ? Number(q.$top) : 100;
    if (this.options.maxTop !== null && asked > this.options.maxTop)
      return { status: 400, body: { error: { code: '400', message: `$top must be at most ${this.options.maxTop}` } } };
    const top = Math.min(asked, this.options.topCap ?? Infinity);
    const token = q.$skiptoken !== undefined ? Number(Buffer.from(q.$skiptoken, 'base64url').toString()) : undefined;
    const skip = token ?? (this.options.ignoreSkip || this.options.nextLink === 'only' ? 0 : Number(q.$skip ?? 0));
    if (!Number.isInteger(top) || top < 0 || !Number.isInteger(skip) || skip < 0)
      return { status: 400, body: { error: { code: '400', message: 'bad $top or $skip' } } };

    const rows = this.ordered(resource, orderby);
    const from = filter ? this.lowerBound(rows, filter, orderby) : 0;
    const wantCount = q.$count === 'true' && this.options.count;
    const page: ResoRecordJson[] = [];
    let total = 0;
    let seen = 0;
    for (let i = from; i < rows.length; i++) {
      const r = rows[i]!;
      if (filter && !matches(filter, r, this.instantOf)) continue;
      total++;
      if (seen++ < skip) continue;
      if (page.length < top) page.push(r);
      else if (!wantCount) {
        total = Infinity; // more remain; how many is not asked
        break;
      }
    }
    const select = q.$select?.split(',').map((s) => s.trim());
    const value = page.map((r) => {
      const out: ResoRecordJson = select ? Object.fromEntries(select.filter((f) => f in r).map((f) => [f, r[f]])) : { ...r };
      if (expand.includes('Media')) out.Media = this.related('Media', String(r.ListingKey)).sort((a, b) => Number(a.Order) - Number(b.Order));
      if (expand.includes('OpenHouse')) out.OpenHouse = this.related('OpenHouse', String(r.ListingKey));
      return out;
    });
    const body: Record<string, unknown> = { '@odata.context': `${this.url}/$metadata#${resource}` };
    if (wantCount) body['@odata.count'] = total;
    body.value = value;
    const more = skip + page.length < total;
    if (more && page.length > 0 && this.options.nextLink !== 'never') {
      const next = new URLSearchParams(q);
      next.delete('$count');
      if (this.options.nextLink === 'only') {
        next.delete('$skip');
        next.set('$skiptoken', Buffer.from(String(skip + page.length)).toString('base64url'));
      } else next.set('$skip', String(skip + page.length));
      body['@odata.nextLink'] = `${this.url}/${resource}?${next.toString().replace(/\+/g, '%20')}`;
    }
    return { status: 200, body };
  }

  private related(resource: 'Media' | 'OpenHouse', listingKey: string): ResoRecordJson[] {
    let index = this.byListing.get(resource);
    if (!index) {
      const field = resource === 'Media' ? 'ResourceRecordKey' : 'ListingKey';
      index = new Map();
      for (const r of this.data.get(resource)!.values()) {
        const k = String(r[field]);
        (index.get(k) ?? index.set(k, []).get(k)!).push(r);
      }
      this.byListing.set(resource, index);
    }
    return [...(index.get(listingKey) ?? [])];
  }

  private ordered(resource: ResoResource, orderby: [string, string?][]): ResoRecordJson[] {
    const id = `${resource} ${JSON.stringify(orderby)}`;
    let rows = this.sorted.get(id);
    if (!rows) {
      rows = [...this.data.get(resource)!.values()].sort((a, b) => {
        for (const [field, dir] of orderby) {
          const x = a[field];
          const y = b[field];
          const c =
            field.endsWith('Timestamp') && typeof x === 'string' && typeof y === 'string'
              ? Math.sign(this.instantOf(x) - this.instantOf(y))
              : x === y
                ? 0
                : (x ?? '') < (y ?? '')
                  ? -1
                  : 1;
          if (c !== 0) return dir?.toLowerCase() === 'desc' ? -c : c;
        }
        return 0;
      });
      this.sorted.set(id, rows);
    }
    return rows;
  }

  /** Where a `ModificationTimestamp ge/gt X` part of the filter (ANDed) lets a timestamp-ordered scan begin. */
  private lowerBound(rows: readonly ResoRecordJson[], filter: Filter, orderby: [string, string?][]): number {
    if (orderby[0]?.[0] !== 'ModificationTimestamp' || orderby[0][1]?.toLowerCase() === 'desc') return 0;
    let bound: number | undefined;
    const walk = (f: Filter) => {
      if (f.op === 'and') {
        walk(f.left);
        walk(f.right);
      } else if (
        f.op === 'cmp' &&
        f.field === 'ModificationTimestamp' &&
        (f.cmp === 'ge' || f.cmp === 'gt') &&
        typeof f.value === 'object' &&
        f.value !== null
      ) {
        bound = Math.max(bound ?? -Infinity, f.value.instant);
      }
    };
    walk(filter);
    if (bound === undefined) return 0;
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const ts = rows[mid]!.ModificationTimestamp;
      // Records without a timestamp sort first and never match a bound on it.
      if (typeof ts !== 'string' || this.instantOf(ts) < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
