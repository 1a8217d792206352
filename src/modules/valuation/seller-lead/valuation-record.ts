import type { BodyOf, ResponseOf } from '../../../contract/route';
import type { contract } from '../../../contract/routes';
import type { HomeValueRequested } from '../valuation.events';

type Home = BodyOf<typeof contract.valuation.sellerLead>['Home'];
type Answer = ResponseOf<typeof contract.valuation.estimate>;

/** What the lead's seller stream keeps of a valuation: the figures as shown, each comp with its weight in the median. */
export function valuationRecord(
  leadId: string,
  userId: string,
  siteId: string,
  home: Home,
  answer: Answer,
  weights: readonly number[],
): HomeValueRequested['data'] {
  const v = home.value;
  return {
    leadId,
    userId,
    siteId,
    address: home.address,
    latitude: answer.home.latitude,
    longitude: answer.home.longitude,
    facts: { beds: v.beds ?? null, baths: v.baths ?? null, livingArea: v.livingArea ?? null, yearBuilt: v.yearBuilt ?? null },
    estimate: answer.estimate,
    low: answer.low,
    high: answer.high,
    confidence: answer.confidence,
    asOf: answer.asOf,
    comps: answer.comps.map((c, i) => ({
      pdid: c.pdid,
      address: c.address,
      closePrice: c.closePrice,
      closeDate: c.closeDate,
      distanceMiles: c.distanceMiles,
      latitude: c.latitude,
      longitude: c.longitude,
      beds: c.beds,
      baths: c.baths,
      livingArea: c.livingArea,
      adjustedPrice: c.adjustedPrice,
      weight: weights[i] ?? 1,
    })),
  };
}
