/**
 * The seller suite's events (issue 33). A seller lead's home and its instant value, on the lead's
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

export type ValuationEvent = HomeValueRequested;
export const valuationEventTypes = ['HomeValueRequested'] as const satisfies readonly ValuationEvent['type'][];
export const sellerHomeStream = (leadId: string) => `sellerhome-${leadId}`;
