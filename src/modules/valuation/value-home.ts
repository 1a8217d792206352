import { listingAtAddress, type Queryable, type SoldListingRow, soldListingsAround } from '../../../projections/search';
import type { BodyOf, ResponseOf } from '../../contract/route';
import type { contract } from '../../contract/routes';
import { notFound } from '../../shared/errors';
import { DEFAULT_VALUATION_OPTIONS, estimateValue } from './estimate-value';
import { dayNumber, type SoldHome, type ValuationSubject } from './sold-home';
import { SoldIndex } from './sold-index';

type Request = BodyOf<typeof contract.valuation.estimate>;
type Answer = ResponseOf<typeof contract.valuation.estimate>;

export const UNKNOWN_ADDRESS = 'We do not know that address: pick the home on the map instead';
export const NO_COMPARABLE_SALE = 'No comparable sale is near enough to value this home';

/** Half-widths, in degrees of latitude, of the boxes searched in turn until enough sales lie in one. */
const BOXES = [0.03, 0.1, 0.22];

/** Values a home from the sold listings of the search read model (contract section 14). */
export async function valueHome(db: Queryable, body: Request, today: string): Promise<Answer> {
  return (await weighedValue(db, body, today)).answer;
}

/** The valuation with each comp's weight in its median (same order as the comps), which an agent's CMA recomputes with. */
export async function weighedValue(db: Queryable, body: Request, today: string): Promise<{ answer: Answer; weights: number[] }> {
  const subject = await subjectOf(db, body);
  const asOf = body.asOf ?? today;
  let rows: SoldListingRow[] = [];
  for (const degrees of BOXES) {
    rows = await soldListingsAround(db, subject.latitude, subject.longitude, degrees, asOf);
    if (rows.length >= DEFAULT_VALUATION_OPTIONS.neighbourhood) break;
  }
  const valuation = estimateValue(new SoldIndex(rows.map(soldHomeOf)), subject, asOf);
  if (!valuation) throw notFound(NO_COMPARABLE_SALE);
  const answer: Answer = {
    estimate: valuation.estimate,
    low: valuation.low,
    high: valuation.high,
    confidence: valuation.confidence,
    asOf,
    home: { latitude: subject.latitude, longitude: subject.longitude },
    comps: valuation.comps.map((c) => ({
      pdid: c.home.pdid,
      address: c.home.address,
      closePrice: c.home.closePrice,
      closeDate: c.home.closeDate,
      distanceMiles: Math.round(c.distanceMiles * 100) / 100,
      latitude: c.home.latitude,
      longitude: c.home.longitude,
      beds: c.home.beds,
      baths: c.home.baths,
      livingArea: c.home.livingArea,
      adjustedPrice: Math.round(c.adjustedPrice),
      adjustments: c.adjustments.map((a) => ({ ...a })),
    })),
  };
  return { answer, weights: valuation.comps.map((c) => c.weight) };
}

async function subjectOf(db: Queryable, body: Request): Promise<ValuationSubject> {
  const given = { beds: body.beds, baths: body.baths, livingArea: body.livingArea, lotSize: body.lotSize, yearBuilt: body.yearBuilt };
  if (body.latitude !== undefined && body.longitude !== undefined) return { latitude: body.latitude, longitude: body.longitude, ...given };
  const listing = await listingAtAddress(db, body.address!);
  if (!listing) throw notFound(UNKNOWN_ADDRESS);
  // What the owner says of the home wins over what its listing said.
  return {
    latitude: listing.lat,
    longitude: listing.lng,
    beds: given.beds ?? listing.beds,
    baths: given.baths ?? listing.baths,
    livingArea: given.livingArea ?? listing.sqft,
    lotSize: given.lotSize ?? listing.lot_sqft,
    yearBuilt: given.yearBuilt ?? listing.year_built,
  };
}

function soldHomeOf(r: SoldListingRow): SoldHome {
  return {
    pdid: r.pdid,
    address: r.address,
    latitude: r.lat,
    longitude: r.lng,
    closePrice: r.close_price,
    closeDate: r.close_date,
    closeDay: dayNumber(r.close_date),
    beds: r.beds,
    baths: r.baths,
    livingArea: r.sqft,
    lotSize: r.lot_sqft,
    yearBuilt: r.year_built,
    waterfront: r.waterfront,
    view: r.view,
  };
}
