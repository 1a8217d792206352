/**
 * The seller suite's events. A seller lead's home and its instant value, on the lead's
 * own seller stream `sellerhome-{leadId}`: the valuation as the visitor saw it (the estimate, its
 * range and the comps it rests on), recorded once per home and day however often the form is sent.
 */

/** A comparable sale as the valuation showed it. */
export type RecordedComp = {
  readonly pdid: string;
  readonly address: string | null;
  readonly closePrice: number;
  readonly closeDate: string;
  readonly distanceMiles: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly beds: number | null;
  readonly baths: number | null;
  readonly livingArea: number | null;
  readonly adjustedPrice: number;
  /** The comp's share in the weighted median the estimate is. */
  readonly weight: number;
};

export type HomeFacts = {
  readonly beds: number | null;
  readonly baths: number | null;
  readonly livingArea: number | null;
  readonly yearBuilt: number | null;
};

export type HomeValueRequested = {
  readonly type: 'HomeValueRequested';
  readonly data: {
    readonly leadId: string;
    readonly userId: string;
    readonly siteId: string;
    /** The address as the visitor typed it (personal: sealed under the lead's key, as are the coordinates). */
    readonly address: string;
    readonly latitude: number | null;
    readonly longitude: number | null;
    readonly facts: HomeFacts;
    readonly estimate: number;
    readonly low: number;
    readonly high: number;
    readonly confidence: number;
    readonly asOf: string;
    readonly comps: readonly RecordedComp[];
  };
};

/** A comp of an agent's CMA: as the valuation had it (or as the agent added it), kept or dropped, with the agent's adjustment. */
export type CmaComp = Omit<RecordedComp, 'latitude' | 'longitude'> & {
  readonly included: boolean;
  /** Dollars the agent adds to (negative: takes off) the comp's adjusted price, and why. */
  readonly adjustment: number;
  readonly note: string;
  /** Added by the agent, not among the valuation's comps. */
  readonly added: boolean;
};

/** A version of the agent's CMA of a seller lead's home: the comps as edited and the estimate recomputed from them. */
export type CmaSaved = {
  readonly type: 'CmaSaved';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly version: number;
    readonly byUserId: string;
    readonly comps: readonly CmaComp[];
    readonly estimate: number;
  };
};

/** A version of the CMA sent to the lead as a signed link (e-mailed from the seller mail outbox). */
export type CmaSent = {
  readonly type: 'CmaSent';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly sendId: string;
    readonly version: number;
    readonly byUserId: string;
    readonly expiresAt: string;
  };
};

/** The lead opened a CMA sent to them (once per send). */
export type CmaOpened = {
  readonly type: 'CmaOpened';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly sendId: string };
};

export type CmaEvent = CmaSaved | CmaSent | CmaOpened;

/** The homeowner digest: the lead on /sell, or the agent, turned the monthly e-mail of the home's value on or off. */
export type HomeDigestChanged = {
  readonly type: 'HomeDigestChanged';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly on: boolean; readonly byUserId: string };
};

/** The lead opened a month's digest (its image loaded) or followed its link: once per month and way; the lead score counts it as an alert e-mail opened. */
export type HomeDigestOpened = {
  readonly type: 'HomeDigestOpened';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly month: string; readonly how: 'pixel' | 'click' };
};

/**
 * The lead asked for a CMA from a month's digest (its "Ask for a CMA" link, then one click on the
 * page it lands on): once per month; the agent is told, and the lead score counts it as a request
 * to meet, as a showing request.
 */
export type CmaRequested = {
  readonly type: 'CmaRequested';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly month: string };
};

export type ValuationEvent = HomeValueRequested | HomeDigestChanged | HomeDigestOpened | CmaRequested;
export const valuationEventTypes = [
  'HomeValueRequested',
  'HomeDigestChanged',
  'HomeDigestOpened',
  'CmaRequested',
  'CmaSaved',
  'CmaSent',
  'CmaOpened',
] as const satisfies readonly (ValuationEvent | CmaEvent)['type'][];
export const sellerHomeStream = (leadId: string) => `sellerhome-${leadId}`;
/** One CMA per lead, its versions in order. */
export const cmaStream = (leadId: string) => `cma-${leadId}`;
