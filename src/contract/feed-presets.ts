import { z } from 'zod';
import type { FeedPaging, FeedResourceName } from './feeds';

/**
 * Presets for the common RESO Web API vendors: what the feed setup screen fills in when staff
 * pick one. Figures are each vendor's own published ones (the source is named beside each); a
 * vendor that publishes no figure has null, and the sync then goes by its 429 and Retry-After.
 * `{dataset}` and `{mls}` in a preset are the parts each MLS gives its licensees.
 */
export type FeedPresetKey = 'bridge' | 'trestle' | 'spark' | 'mlsgrid' | 'other';

export type FeedRateLimits = {
  readonly perSecond: number | null;
  readonly perMinute: number | null;
  readonly perHour: number | null;
  readonly perDay: number | null;
  /** The limits in the vendor's words, as the screen shows them. */
  readonly note: string;
};

export type FeedPreset = {
  readonly key: FeedPresetKey;
  readonly label: string;
  readonly docsUrl: string | null;
  readonly serviceRoot: string;
  readonly auth: 'oauth2' | 'bearer';
  readonly tokenUrl: string | null;
  readonly scope: string | null;
  readonly resources: readonly FeedResourceName[];
  /** The largest page the vendor serves ($top). */
  readonly pageSize: number;
  readonly paging: FeedPaging;
  readonly pollIntervalSeconds: number;
  /** An OData filter the vendor requires on every query, if any. */
  readonly filter: string | null;
  readonly rateLimits: FeedRateLimits;
  /** What staff still have to fill in or know, in a sentence. */
  readonly hint: string;
};

/** A vendor that publishes no fixed figures: its limits in words only. */
const unpublished = (note: string): FeedRateLimits => ({ perSecond: null, perMinute: null, perHour: null, perDay: null, note });

export const FEED_PRESETS: readonly FeedPreset[] = [
  {
    key: 'bridge',
    label: 'Bridge Interactive',
    docsUrl: 'https://bridgedataoutput.com/docs/platform/',
    // Service root per dataset: https://bridgedataoutput.com/docs/platform/ ("RESO Web API" base URL).
    serviceRoot: 'https://api.bridgedataoutput.com/api/v2/OData/{dataset}',
    // Bridge issues a server token per application in its dashboard (sent as a bearer token).
    auth: 'bearer',
    tokenUrl: null,
    scope: null,
    resources: ['Property', 'Media', 'OpenHouse', 'Member', 'Office'],
    // "The current default is 10 with a maximum value of 200" (bridgeinteractive.com, "Bridge RESO Web API changes coming").
    pageSize: 200,
    paging: 'nextLink',
    pollIntervalSeconds: 900,
    filter: null,
    // bridgeinteractive.com, "New per-minute burst rate limits" (August 2024): 1/15 of the hourly limit per minute.
    rateLimits: unpublished(
      'An hourly limit per application (shown in the Bridge dashboard), and a per-minute burst limit of 1/15 of it; over it, HTTP 429 with Burst-RateLimit-* headers.',
    ),
    hint: 'Replace {dataset} with the dataset id your MLS gave you, and paste the server token from the Bridge dashboard.',
  },
  {
    key: 'trestle',
    label: 'Trestle (CoreLogic / Cotality)',
    docsUrl: 'https://trestle-documentation.corelogic.com/webapi.html',
    // Base URL and token endpoint: trestle-documentation.corelogic.com/webapi.html ("Base URL", "Authentication").
    serviceRoot: 'https://api-trestle.corelogic.com/trestle/odata',
    auth: 'oauth2',
    tokenUrl: 'https://api-trestle.corelogic.com/trestle/oidc/connect/token',
    scope: 'api',
    resources: ['Property', 'Media', 'OpenHouse', 'Member', 'Office'],
    // "a standard query ... you can page through 1000 at a time" (docs-trestle.corelogic.com, Replication Endpoint).
    pageSize: 1000,
    paging: 'nextLink',
    pollIntervalSeconds: 900,
    filter: null,
    rateLimits: unpublished(
      'Trestle publishes no fixed request rate: quotas are per feed and signalled with HTTP 429. Pages are at most 1,000 records; tokens last 8 hours.',
    ),
    hint: 'Paste the client ID and secret of your Trestle WebAPI feed.',
  },
  {
    key: 'spark',
    label: 'Spark API (FBS / Flexmls)',
    docsUrl: 'https://sparkplatform.com/docs/reso/replication',
    // "The RESO API endpoint for replicating data is: https://replication.sparkapi.com/Reso/OData" (sparkplatform.com/docs/reso/replication).
    serviceRoot: 'https://replication.sparkapi.com/Reso/OData',
    // Replication keys are personal access tokens (same page), sent as a bearer token.
    auth: 'bearer',
    tokenUrl: null,
    scope: null,
    resources: ['Property', 'Member', 'Office', 'OpenHouse'],
    // "The maximum $top value is raised to 1000 records" for replication keys (same page).
    pageSize: 1000,
    // Pages by @odata.nextLink with $skiptoken (same page).
    paging: 'nextLink',
    pollIntervalSeconds: 900,
    filter: null,
    rateLimits: unpublished(
      'Spark sets limits per key (see its developer usage pages) and answers HTTP 429 past them. Replication keys read up to 1,000 records a page.',
    ),
    hint: 'Paste the replication access token Spark issued for your key (a regular IDX key cannot replicate).',
  },
  {
    key: 'mlsgrid',
    label: 'MLS Grid',
    docsUrl: 'https://docs.mlsgrid.com/',
    // API v2 base URL: docs.mlsgrid.com ("Web API" section).
    serviceRoot: 'https://api.mlsgrid.com/v2',
    // MLS Grid issues an access token per vendor, sent as a bearer token.
    auth: 'bearer',
    tokenUrl: null,
    scope: null,
    resources: ['Property', 'Media', 'OpenHouse', 'Member', 'Office'],
    // $top is at most 5,000, and 1,000 with $expand (MLS Grid API v2 reference, docs.mlsgrid.com, as quoted in public v2 client notes); the sync expands media.
    pageSize: 1000,
    paging: 'nextLink',
    pollIntervalSeconds: 900,
    // Every query names the MLS it reads (docs.mlsgrid.com, "Required filters": OriginatingSystemName).
    filter: "OriginatingSystemName eq '{mls}'",
    rateLimits: {
      // MLS Grid API v2 rate limits (docs.mlsgrid.com, as quoted in public v2 client notes): 2 requests a second, 7,200 an hour, 40,000 a day, 4 GB an hour.
      perSecond: 2,
      perMinute: null,
      perHour: 7200,
      perDay: 40000,
      note: 'At most 2 requests a second, 7,200 an hour and 40,000 a day (and 4 GB an hour); over them, HTTP 429 and a temporary suspension.',
    },
    hint: "Replace {mls} with your MLS's system name (for example northstar) and paste your MLS Grid access token.",
  },
  {
    key: 'other',
    label: 'Other RESO server',
    docsUrl: null,
    serviceRoot: '',
    auth: 'oauth2',
    tokenUrl: '',
    scope: null,
    resources: ['Property', 'Media', 'OpenHouse'],
    pageSize: 200,
    paging: 'auto',
    pollIntervalSeconds: 900,
    filter: null,
    rateLimits: unpublished('As your vendor documents them; the sync slows down on HTTP 429 and follows Retry-After.'),
    hint: 'Fill in the service root and credentials your vendor gave you.',
  },
];

/** The test of a connection, step by step: the first failed step says what is wrong. */
export const FeedTestStepSchema = z.strictObject({
  step: z.enum(['address', 'token', 'service-root', 'resource']),
  label: z.string(),
  ok: z.boolean(),
  message: z.string(),
});
export type FeedTestStep = Readonly<z.infer<typeof FeedTestStepSchema>>;
export const FeedTestResultSchema = z.strictObject({ ok: z.boolean(), steps: z.array(FeedTestStepSchema).readonly() });
export type FeedTestResult = Readonly<z.infer<typeof FeedTestResultSchema>>;
