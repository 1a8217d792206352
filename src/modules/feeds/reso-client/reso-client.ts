import { LEADS_TO_PRIVATE, Outbound, type OutboundInit, type OutboundResponse, PrivateAddressError } from '../../../shared/net/outbound';
import { describeUrl, FeedCredentialsError, FeedProtocolError, FeedStoppedError, FeedUnreachableError } from './feed-errors';
import { retryAfterMs } from './retry-after';

/** Credentials in clear, only in memory for the length of a sync. */
export type ClientAuth =
  | { readonly kind: 'oauth2'; readonly tokenUrl: string; readonly clientId: string; readonly clientSecret: string; readonly scope: string | null }
  | { readonly kind: 'bearer'; readonly token: string }
  | { readonly kind: 'none' };

export type ODataPage = {
  readonly value: readonly Record<string, unknown>[];
  readonly nextLink: string | null;
  readonly count: number | null;
};

export type ClientOptions = {
  /** Attempts for one request through 429, 5xx and network errors. */
  readonly attempts?: number;
  /** First pause without a Retry-After; doubled each time. */
  readonly backoffMs?: number;
  /** A Retry-After longer than this stops the sync instead of waiting. */
  readonly maxWaitMs?: number;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Told of each wait (status line, tests). */
  readonly onWait?: (ms: number, why: string) => void;
  /** Where requests may go (ALLOW_PRIVATE_OUTBOUND); unset: anywhere. */
  readonly outbound?: Outbound;
};

/** Used when no policy is given (the product always gives the configured one). */
const ANYWHERE = new Outbound({ allowPrivate: true });

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);

/**
 * A RESO Web API client on plain fetch: OData JSON pages, an OAuth2 client-credentials token
 * fetched before the first request and again shortly before it expires (or once after a 401),
 * or a static bearer token; 429 and 5xx answers are retried after the server's Retry-After
 * (else a doubling pause). Credentials are only sent to the service root's own origin and the
 * token URL; messages never carry them or a query string, nor anything an address on a
 * private network answered (it could be an internal service's).
 */
export class ResoClient {
  private token: { value: string; refreshAt: number } | undefined;
  private readonly origin: string;

  constructor(
    readonly serviceRoot: string,
    private readonly auth: ClientAuth,
    private readonly options: ClientOptions = {},
  ) {
    this.origin = new URL(serviceRoot).origin;
  }

  /** An absolute URL for a resource under the service root with these query options. */
  resourceUrl(resource: string, query: Readonly<Record<string, string | undefined>>): string {
    const params = Object.entries(query)
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',').replace(/%24/g, '$')}`)
      .join('&');
    return `${this.serviceRoot.replace(/\/+$/, '')}/${resource}${params ? `?${params}` : ''}`;
  }

  /** Fetches a token now (OAuth2), so a failure is the token endpoint's alone (the feed setup's test). */
  async checkToken(): Promise<void> {
    await this.accessToken();
  }

  /** GETs an OData collection page (a resource URL or a nextLink the server gave). */
  async page(url: string): Promise<ODataPage> {
    const target = new URL(url, this.serviceRoot);
    if (target.origin !== this.origin)
      throw new FeedProtocolError(`The server sent a link to another host (${describeUrl(target.href)}); credentials are only sent to ${this.origin}`);
    const body = await this.getJson(target.href);
    const value = (body as { value?: unknown }).value;
    if (!Array.isArray(value)) throw new FeedProtocolError(`${describeUrl(target.href)} did not answer an OData collection (no "value" list)`);
    const next = (body as Record<string, unknown>)['@odata.nextLink'];
    const count = (body as Record<string, unknown>)['@odata.count'];
    return {
      value: value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)),
      nextLink: typeof next === 'string' && next ? new URL(next, target.href).href : null,
      count: typeof count === 'number' && Number.isFinite(count) ? count : null,
    };
  }

  private async getJson(url: string): Promise<unknown> {
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { accept: 'application/json' };
      const token = await this.accessToken();
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await this.fetch(url, { headers }, attempt);
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        // An issued token may have been revoked or expired early: one new token, one more try.
        if (this.auth.kind === 'oauth2' && !refreshed && res.status === 401) {
          refreshed = true;
          this.token = undefined;
          attempt--;
          continue;
        }
        throw new FeedCredentialsError(
          `${describeUrl(url)} refused the ${this.auth.kind === 'none' ? 'request (it needs credentials)' : 'credentials'} (HTTP ${res.status})`,
        );
      }
      if (RETRYABLE.has(res.status)) {
        await res.body?.cancel();
        await this.pause(res, attempt, `HTTP ${res.status} from ${describeUrl(url)}`);
        continue;
      }
      const text = await res.text();
      if (!res.ok) throw new FeedProtocolError(`${describeUrl(url)} answered HTTP ${res.status}${res.mayShowAnswer ? odataMessage(text) : ''}`, res.status);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new FeedProtocolError(`${describeUrl(url)} did not answer JSON (HTTP ${res.status})`);
      }
    }
  }

  /** fetch with a timeout, network errors retried like 5xx. */
  private async fetch(url: string, init: OutboundInit, attempt: number): Promise<OutboundResponse> {
    const attempts = this.options.attempts ?? 6;
    for (let n = attempt; ; n++) {
      if (this.options.signal?.aborted) throw new FeedStoppedError('The sync was stopped');
      const signals = [AbortSignal.timeout(this.options.timeoutMs ?? 60_000), ...(this.options.signal ? [this.options.signal] : [])];
      try {
        return await (this.options.outbound ?? ANYWHERE).fetch(url, { ...init, signal: AbortSignal.any(signals) });
      } catch (err) {
        if (this.options.signal?.aborted) throw new FeedStoppedError('The sync was stopped');
        if (err instanceof PrivateAddressError) throw new FeedUnreachableError(`${describeUrl(url)} ${LEADS_TO_PRIVATE} (ALLOW_PRIVATE_OUTBOUND)`);
        const why =
          (err as Error).name === 'TimeoutError' ? 'no answer in time' : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
        if (n >= attempts) throw new FeedUnreachableError(`${describeUrl(url)} could not be reached (${why}) after ${n} attempts`);
        await this.sleep(this.backoff(n), `${why} from ${describeUrl(url)}`);
      }
    }
  }

  private async pause(res: OutboundResponse, attempt: number, why: string): Promise<void> {
    const attempts = this.options.attempts ?? 6;
    if (attempt >= attempts) throw new FeedUnreachableError(`${why}, still after ${attempt} attempts`);
    const asked = retryAfterMs(res.headers.get('retry-after'));
    const maxWait = this.options.maxWaitMs ?? 120_000;
    if (asked !== null && asked > maxWait)
      throw new FeedUnreachableError(`${why}: the server asks to wait ${Math.ceil(asked / 1000)} s (Retry-After); the next sync tries again`);
    await this.sleep(asked ?? this.backoff(attempt), why);
  }

  private backoff(attempt: number): number {
    const base = this.options.backoffMs ?? 1000;
    return Math.min(60_000, base * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);
  }

  private async sleep(ms: number, why: string): Promise<void> {
    this.options.onWait?.(ms, why);
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(resolve, ms);
      this.options.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(t);
          reject(new FeedStoppedError('The sync was stopped'));
        },
        { once: true },
      );
    });
  }

  /** The bearer token for the next request: issued tokens are renewed a minute (or a tenth of their life) before they expire. */
  private async accessToken(): Promise<string | null> {
    if (this.auth.kind === 'none') return null;
    if (this.auth.kind === 'bearer') return this.auth.token;
    if (this.token && Date.now() < this.token.refreshAt) return this.token.value;
    const { tokenUrl, clientId, clientSecret, scope } = this.auth;
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    if (scope) form.set('scope', scope);
    for (let attempt = 1; ; attempt++) {
      const res = await this.fetch(
        tokenUrl,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form.toString() },
        attempt,
      );
      if (RETRYABLE.has(res.status)) {
        await res.body?.cancel();
        await this.pause(res, attempt, `HTTP ${res.status} from the token endpoint ${describeUrl(tokenUrl)}`);
        continue;
      }
      const text = await res.text();
      if (res.status === 400 || res.status === 401 || res.status === 403) {
        // The OAuth2 error code (invalid_client...) says what is wrong without echoing anything sent.
        const code = !res.mayShowAnswer ? undefined : /"error"\s*:\s*"([a-z_]{1,40})"/.exec(text)?.[1];
        throw new FeedCredentialsError(
          `The token endpoint ${describeUrl(tokenUrl)} refused the client credentials (HTTP ${res.status}${code ? `, ${code}` : ''})`,
        );
      }
      if (!res.ok) throw new FeedProtocolError(`The token endpoint ${describeUrl(tokenUrl)} answered HTTP ${res.status}`, res.status);
      let body: { access_token?: unknown; expires_in?: unknown };
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw new FeedProtocolError(`The token endpoint ${describeUrl(tokenUrl)} did not answer JSON`);
      }
      if (typeof body.access_token !== 'string' || !body.access_token)
        throw new FeedProtocolError(`The token endpoint ${describeUrl(tokenUrl)} answered no access_token`);
      const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 3600) || 3600) * 1000;
      this.token = { value: body.access_token, refreshAt: Date.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 10) };
      return this.token.value;
    }
  }
}

/** The OData error's own message, short, for a failed answer. */
function odataMessage(text: string): string {
  try {
    const m = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    return typeof m === 'string' && m ? `: ${m.slice(0, 300)}` : '';
  } catch {
    return '';
  }
}
