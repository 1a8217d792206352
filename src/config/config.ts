import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable the product understands is declared here,
 * validated once at start, and handed around as a typed object; a bad value stops the start
 * with a message that names the variable.
 */
const flagOrUnset = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .optional()
  .transform((v) => (v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(v)));

const flag = (fallback: boolean) => flagOrUnset.transform((v) => v ?? fallback);

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!/^-?\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max} (got "${v}")` });
        return z.NEVER;
      }
      return n;
    });

const url = (protocols: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error('protocol');
        return v;
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be a ${protocols.join(' or ')} URL` });
        return z.NEVER;
      }
    });

/** Public (it is in the README): fine on a laptop, refused for a demo seed in production. */
export const DEFAULT_DEMO_PASSWORD = 'porchlight-demo';
/** Meta's Graph API at a fixed version, so that its answers keep their shape until we move on. */
export const FACEBOOK_GRAPH_DEFAULT = 'https://graph.facebook.com/v22.0';

export const PUSH_TEST_ORIGINS_IN_PRODUCTION = 'PUSH_TEST_ORIGINS is for tests only (a local push-service stand-in) and is refused in production';

/** A comma- or space-separated list of web origins (scheme, host and port; a path is dropped). */
/** `jane=+12065550101,demo=+12065550102`: the texting number of each site that has its own (by subdomain). */
const siteNumbers = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const out: Record<string, string> = {};
    for (const item of (v ?? '').split(/[\s,]+/).filter(Boolean)) {
      const m = /^([a-z0-9][a-z0-9-]{0,62})=(\+[1-9][0-9]{6,14})$/.exec(item);
      if (!m || Object.values(out).includes(m[2]!)) {
        ctx.addIssue({ code: 'custom', message: `must be subdomain=+E164 pairs, one number per site, separated by commas (got "${item}")` });
        return z.NEVER;
      }
      out[m[1]!] = m[2]!;
    }
    return out;
  });

const origins = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const out: string[] = [];
    for (const item of (v ?? '').split(/[\s,]+/).filter(Boolean)) {
      try {
        const u = new URL(item);
        if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error('protocol');
        out.push(u.origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `must list http(s) origins separated by commas (got "${item}")` });
        return z.NEVER;
      }
    }
    return out;
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0, 65535),
  // Loopback unless told otherwise: a start with no settings is not reachable from the network
  // (a deployment says HOST=0.0.0.0, or the address of its interface, on purpose).
  HOST: z
    .string()
    .optional()
    .transform((v) => v || '127.0.0.1'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./.data'),
  // Unset: on in development and test, off in production (see loadConfig).
  DEMO_SEED: flagOrUnset,
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_DEMO_PASSWORD),
  LOG_LEVEL: z.enum(['error', 'warn', 'info', 'debug']).default('info'),
  // Unset: JSON lines in production, readable text otherwise.
  LOG_FORMAT: z.enum(['json', 'text'], { error: 'must be json or text' }).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Issue 18: erase leads with no activity for this many days; 0 (the default): never.
  LEAD_RETENTION_DAYS: int(0, 0, 36_500),
  TRUST_PROXY: flag(false),
  // Production: the API documentation (/api/openapi.json, /api/docs) answers only to staff unless 1.
  PUBLIC_API_DOCS: flag(false),
  PROJECTION_POLL_MS: int(500, 10, 60_000),
  PROJECTION_BATCH_SIZE: int(1000, 1, 100_000),
  DB_POOL_SIZE: int(16, 2, 500),
  EVENTSTORE_URL: url(['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:']),
  SEARCH_INDEX: z.enum(['memory', 'postgres', 'meilisearch']).default('memory'),
  // SEARCH_INDEX=memory: where each instance snapshots its index (unset: DATA_DIR/search-index.snapshot in production, none otherwise; empty: none).
  SEARCH_SNAPSHOT_FILE: z.string().optional(),
  SEARCH_SNAPSHOT_MINUTES: int(10, 1, 1440),
  MEILI_URL: url(['http:', 'https:']),
  MEILI_KEY: z.string().optional(),
  PUBLIC_URL: url(['http:', 'https:']),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: url(['http:', 'https:']),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  FACEBOOK_GRAPH_URL: url(['http:', 'https:']),
  // Meta's lead ads webhook: the verify token typed into the app's Webhooks settings (unset: the handshake answers 403).
  FACEBOOK_VERIFY_TOKEN: z.string().min(1).optional(),
  // Agents' mailboxes through OAuth: each provider is offered once its client id and secret are set.
  GOOGLE_MAIL_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_MAIL_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_MAIL_AUTHORIZE_URL: url(['http:', 'https:']),
  GOOGLE_MAIL_TOKEN_URL: url(['http:', 'https:']),
  GOOGLE_MAIL_IMAP_URL: url(['imap:', 'imaps:']),
  GOOGLE_MAIL_SMTP_URL: url(['smtp:', 'smtps:']),
  MICROSOFT_MAIL_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_MAIL_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_MAIL_AUTHORIZE_URL: url(['http:', 'https:']),
  MICROSOFT_MAIL_TOKEN_URL: url(['http:', 'https:']),
  MICROSOFT_MAIL_IMAP_URL: url(['imap:', 'imaps:']),
  MICROSOFT_MAIL_SMTP_URL: url(['smtp:', 'smtps:']),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Porchlight <no-reply@porchlight.test>'),
  UPLOAD_MAX_MB: int(5, 1, 50),
  MAP_STYLE_URL: url(['http:', 'https:']),
  MAP_HOSTS: origins,
  MAP_PIN_CAP: int(100, 1, 1000),
  REALTIME_FANOUT: z.enum(['local', 'postgres'], { error: 'must be local or postgres' }).default('local'),
  SEARCH_CACHE_MS: int(1000, 0, 60_000),
  SEARCH_CACHE_MB: int(64, 1, 4096),
  SEARCH_STATEMENT_TIMEOUT_MS: int(500, 10, 60_000),
  SEARCH_POOL_SIZE: int(8, 1, 500),
  SEARCH_RATE_PER_MINUTE: int(600, 1, 1_000_000),
  API_RATE_PER_MINUTE: int(600, 1, 1_000_000),
  SEARCH_PARALLEL_PER_ADDRESS: int(1, 1, 1000),
  SEARCH_PARALLEL: int(4, 1, 1000),
  FEEDS_SWEEP_MS: int(10_000, 50, 3_600_000),
  FEEDS_BACKOFF_MS: int(1000, 1, 60_000),
  FEEDS_ATTEMPTS: int(6, 1, 20),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-zA-Z]{10,64}$/, 'must look like AC followed by letters and digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9][0-9]{6,14}$|^MG[0-9a-zA-Z]{10,64}$/, 'must be an E.164 number (+15551234567) or a messaging service id')
    .optional(),
  TWILIO_API_URL: url(['http:', 'https:']),
  TWILIO_SITE_NUMBERS: siteNumbers,
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a URL-safe base64 P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a URL-safe base64 P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: address')
    .optional(),
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name (e.g. reply.example.com)')
    .optional(),
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  INBOUND_EMAIL_MAX_MB: int(40, 1, 200),
  // Unset: allowed in development and test, refused in production (see loadConfig).
  ALLOW_PRIVATE_OUTBOUND: flagOrUnset,
  // `npm run setup` only: the first staff account's password when it is not given on stdin.
  SETUP_PASSWORD: z.string().optional(),
  // Tests only (refused in production, see loadConfig): a local push-service stand-in's origin.
  PUSH_TEST_ORIGINS: origins,
  // The DNS resolvers the custom-domain check asks (ip or ip:port, comma separated); unset: the system's.
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(z.string().regex(/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$/i, 'must be IP addresses (with an optional :port), separated by commas')),
    ),
  // Tests only (refused in production, see loadConfig): the port the custom-domain check fetches the well-known file from.
  DOMAIN_CHECK_HTTP_PORT: int(80, 1, 65_535),
});

/** Every variable the server reads (.env.example lists each; a test holds them together). */
export const configVariables: readonly string[] = Object.keys(schema.shape);

/** An OAuth client of a mail provider: its endpoints, and the IMAP and SMTP servers its tokens open (imaps/smtps: TLS at once; imap/smtp: STARTTLS). */
export type MailboxOAuthClient = {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  readonly imapUrl: string;
  readonly smtpUrl: string;
};

const oauthClientOf = (
  clientId: string | undefined,
  clientSecret: string | undefined,
  rest: Omit<MailboxOAuthClient, 'clientId' | 'clientSecret'>,
): MailboxOAuthClient | undefined => (clientId && clientSecret ? { clientId, clientSecret, ...rest } : undefined);

export type Config = {
  /** `npm run setup`: the first staff account's password, when not given on stdin (never logged). */
  readonly setupPassword: string | undefined;
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  /** Unset: start an embedded PostgreSQL server whose data lives under dataDir. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly demoSeed: boolean;
  readonly demoPassword: string;
  readonly logLevel: 'error' | 'warn' | 'info' | 'debug';
  /** json: one JSON object a line (pino); text: one readable line each. */
  readonly logFormat: 'json' | 'text';
  /** Lets callers other than this machine read /metrics with `Authorization: Bearer`; unset: loopback only. */
  readonly metricsToken: string | undefined;
  /** Leads with no activity for this many days are erased (issue 18); 0: off. */
  readonly leadRetentionDays: number;
  readonly trustProxy: boolean;
  /** The API documentation answers everyone; off (production only): signed-in staff only. */
  readonly publicApiDocs: boolean;
  readonly projections: { readonly pollMs: number; readonly batchSize: number };
  readonly dbPoolSize: number;
  readonly eventStoreUrl: string | undefined;
  readonly meili: { readonly url: string; readonly key: string | undefined } | undefined;
  /**
   * Which SearchIndex adapter serves searches: in memory in each instance (default), PostgreSQL
   * (for instances short of memory: about 1 GB per million listings) or Meilisearch (needs MEILI_URL).
   */
  readonly searchIndex: 'memory' | 'postgres' | 'meilisearch';
  /** SEARCH_INDEX=memory: the snapshot file and how often it is written; undefined: no snapshots. */
  readonly searchSnapshot: { readonly file: string; readonly everyMs: number } | undefined;
  /** Base address of the default site, for links in e-mails (never taken from a request's Host). */
  readonly publicUrl: string;
  /** Signs communication links; unset: generated once into DATA_DIR/secret-key (see secret-key.ts). */
  readonly secretKey: string | undefined;
  readonly google: { readonly clientId: string | undefined; readonly jwksUrl: string };
  /** Agents' mailboxes through OAuth: a provider is undefined until its client id and secret are set. */
  readonly mailboxOAuth: { readonly gmail: MailboxOAuthClient | undefined; readonly microsoft: MailboxOAuthClient | undefined };
  readonly facebook: {
    readonly appId: string | undefined;
    readonly appSecret: string | undefined;
    readonly graphUrl: string;
    readonly verifyToken: string | undefined;
  };
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string };
  readonly uploadMaxBytes: number;
  /** An online maplibre style for the search maps; unset: the offline basemap served by the app. */
  readonly mapStyleUrl: string | undefined;
  /** Further origins the online style loads tiles, sprites and glyphs from (the page's CSP allows them). */
  readonly mapHosts: readonly string[];
  /** The most pins a map search answers (the spec's "configured max pin count"); clusters count the rest. */
  readonly mapPinCap: number;
  /** local: pushes reach this instance's sockets; postgres: every instance's (scale-out). */
  readonly realtimeFanout: 'local' | 'postgres';
  /** How long an identical search request may be answered from memory (0: never). */
  readonly searchCacheMs: number;
  /** What the search result cache may hold: its keys and answers, in bytes of their text. */
  readonly searchCacheBytes: number;
  /** Every search statement is cancelled after this long (the search pool's statement_timeout). */
  readonly searchStatementTimeoutMs: number;
  /** Connections of the search pool, apart from the main pool: searches can never take all of those. */
  readonly searchPoolSize: number;
  /** Searches per client address and minute, per instance (bursts of a sixth of it). */
  readonly searchRatePerMinute: number;
  /** Calls a minute one API key may make to /api/v1. */
  readonly apiRatePerMinute: number;
  /** Searches of one client address that run at once, per instance; the next ones wait their turn. */
  readonly searchParallelPerAddress: number;
  /** Searches of all addresses that run at once in this process (SearchGate). */
  readonly searchParallel: number;
  /** MLS feeds: how often the server looks for a feed due a sync; the first pause and the attempts of a failing request. */
  readonly feeds: { readonly sweepMs: number; readonly backoffMs: number; readonly attempts: number };
  /** Texts go through Twilio when all three TWILIO_* are set; else to the development sms_outbox. */
  readonly twilio:
    | {
        readonly accountSid: string;
        readonly authToken: string;
        readonly from: string;
        readonly apiUrl: string;
        /** Sites with a texting number of their own (subdomain → E.164): their texts go from it and replies to it are theirs; the others share `from`. */
        readonly siteNumbers: Readonly<Record<string, string>>;
      }
    | undefined;
  /** Web push keys; unset: generated once into DATA_DIR/vapid-keys.json (see notifications/web-push). */
  readonly vapid: { readonly publicKey: string | undefined; readonly privateKey: string | undefined; readonly subject: string };
  /**
   * CRM e-mail replies: the domain of the per-thread reply addresses (reply+{token}@domain), and
   * Mailgun's webhook signing key; without the key the inbound-mail webhook does not exist (404);
   * the largest post it reads (INBOUND_EMAIL_MAX_MB; Mailgun takes messages up to 25 MB).
   */
  readonly inboundEmail: { readonly domain: string; readonly mailgunSigningKey: string | undefined; readonly maxBodyBytes: number };
  /**
   * Whether URLs that users set (MLS feed and token URLs) may lead to loopback, private or
   * link-local addresses; off in production unless ALLOW_PRIVATE_OUTBOUND=1 (an MLS on the
   * operator's own network).
   */
  readonly allowPrivateOutbound: boolean;
  /**
   * Push-service origins allowed besides the known https push services: a local stand-in that
   * tests run (http://127.0.0.1:port). Never in production: the server would post wherever a
   * subscription said.
   */
  readonly pushTestOrigins: readonly string[];
  /**
   * The custom-domain check: the DNS resolvers it asks (empty: the system's) and the port it
   * fetches the well-known file from (80, other than in tests); private addresses only outside production.
   */
  readonly domainCheck: { readonly dnsServers: readonly string[]; readonly httpPort: number; readonly allowPrivateAddresses: boolean };
};

/** The domain of MAIL_FROM's address ("Porchlight <no-reply@porchlight.test>" → porchlight.test): where replies go unless told. */
const domainOfAddress = (from: string): string => /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'porchlight.test';

export const SEARCH_INDEX_WITHOUT_MEILI = 'SEARCH_INDEX=meilisearch needs MEILI_URL (the Meilisearch server, e.g. http://localhost:7700)';

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const snapshotOf = (file: string, minutes: number) => (file.trim() ? { file: path.resolve(file.trim()), everyMs: minutes * 60_000 } : undefined);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0] ?? '?')} ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demoSeed = e.DEMO_SEED ?? !production;
  if (production && demoSeed && e.DEMO_PASSWORD === DEFAULT_DEMO_PASSWORD) {
    // The demo accounts include staff: with a published password they would be anyone's.
    throw new ConfigError([
      `DEMO_PASSWORD must be set to a password of your own when DEMO_SEED=1 in production (the default, ${DEFAULT_DEMO_PASSWORD}, is public)`,
    ]);
  }
  if (e.SEARCH_INDEX === 'meilisearch' && !e.MEILI_URL) {
    throw new ConfigError([SEARCH_INDEX_WITHOUT_MEILI]);
  }
  if (production && e.PUSH_TEST_ORIGINS.length > 0) {
    throw new ConfigError([PUSH_TEST_ORIGINS_IN_PRODUCTION]);
  }
  if (production && e.DOMAIN_CHECK_HTTP_PORT !== 80) {
    throw new ConfigError(['DOMAIN_CHECK_HTTP_PORT is for tests only (a local HTTP server) and is refused in production']);
  }
  return {
    setupPassword: e.SETUP_PASSWORD,
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    demoSeed,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'text'),
    metricsToken: e.METRICS_TOKEN,
    leadRetentionDays: e.LEAD_RETENTION_DAYS,
    trustProxy: e.TRUST_PROXY,
    publicApiDocs: !production || e.PUBLIC_API_DOCS,
    projections: { pollMs: e.PROJECTION_POLL_MS, batchSize: e.PROJECTION_BATCH_SIZE },
    dbPoolSize: e.DB_POOL_SIZE,
    eventStoreUrl: e.EVENTSTORE_URL,
    meili: e.MEILI_URL ? { url: e.MEILI_URL, key: e.MEILI_KEY } : undefined,
    searchIndex: e.SEARCH_INDEX,
    searchSnapshot: snapshotOf(
      e.SEARCH_SNAPSHOT_FILE ?? (production ? path.join(path.resolve(e.DATA_DIR), 'search-index.snapshot') : ''),
      e.SEARCH_SNAPSHOT_MINUTES,
    ),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ''),
    secretKey: e.SECRET_KEY,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs' },
    mailboxOAuth: {
      gmail: oauthClientOf(e.GOOGLE_MAIL_CLIENT_ID, e.GOOGLE_MAIL_CLIENT_SECRET, {
        authorizeUrl: e.GOOGLE_MAIL_AUTHORIZE_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: e.GOOGLE_MAIL_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
        imapUrl: e.GOOGLE_MAIL_IMAP_URL ?? 'imaps://imap.gmail.com:993',
        smtpUrl: e.GOOGLE_MAIL_SMTP_URL ?? 'smtps://smtp.gmail.com:465',
      }),
      microsoft: oauthClientOf(e.MICROSOFT_MAIL_CLIENT_ID, e.MICROSOFT_MAIL_CLIENT_SECRET, {
        authorizeUrl: e.MICROSOFT_MAIL_AUTHORIZE_URL ?? 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
        tokenUrl: e.MICROSOFT_MAIL_TOKEN_URL ?? 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
        imapUrl: e.MICROSOFT_MAIL_IMAP_URL ?? 'imaps://outlook.office365.com:993',
        smtpUrl: e.MICROSOFT_MAIL_SMTP_URL ?? 'smtp://smtp.office365.com:587',
      }),
    },
    facebook: {
      appId: e.FACEBOOK_APP_ID,
      appSecret: e.FACEBOOK_APP_SECRET,
      graphUrl: (e.FACEBOOK_GRAPH_URL ?? FACEBOOK_GRAPH_DEFAULT).replace(/\/+$/, ''),
      verifyToken: e.FACEBOOK_VERIFY_TOKEN,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    mapStyleUrl: e.MAP_STYLE_URL,
    mapHosts: e.MAP_HOSTS,
    mapPinCap: e.MAP_PIN_CAP,
    realtimeFanout: e.REALTIME_FANOUT,
    searchCacheMs: e.SEARCH_CACHE_MS,
    searchCacheBytes: e.SEARCH_CACHE_MB * 1024 * 1024,
    searchStatementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
    searchPoolSize: e.SEARCH_POOL_SIZE,
    searchRatePerMinute: e.SEARCH_RATE_PER_MINUTE,
    apiRatePerMinute: e.API_RATE_PER_MINUTE,
    searchParallelPerAddress: e.SEARCH_PARALLEL_PER_ADDRESS,
    searchParallel: e.SEARCH_PARALLEL,
    feeds: { sweepMs: e.FEEDS_SWEEP_MS, backoffMs: e.FEEDS_BACKOFF_MS, attempts: e.FEEDS_ATTEMPTS },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: (e.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/+$/, ''),
            siteNumbers: e.TWILIO_SITE_NUMBERS,
          }
        : undefined,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? 'mailto:no-reply@porchlight.test' },
    inboundEmail: {
      domain: (e.INBOUND_EMAIL_DOMAIN ?? domainOfAddress(e.MAIL_FROM)).toLowerCase(),
      mailgunSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY,
      maxBodyBytes: e.INBOUND_EMAIL_MAX_MB * 1024 * 1024,
    },
    allowPrivateOutbound: e.ALLOW_PRIVATE_OUTBOUND ?? !production,
    pushTestOrigins: e.PUSH_TEST_ORIGINS,
    domainCheck: { dnsServers: e.DNS_SERVERS, httpPort: e.DOMAIN_CHECK_HTTP_PORT, allowPrivateAddresses: e.ALLOW_PRIVATE_OUTBOUND ?? !production },
  };
}
