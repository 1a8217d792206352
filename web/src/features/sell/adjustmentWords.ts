import type { z } from 'zod';
import type { ValuationAdjustmentSchema } from '../../../../src/contract/routes/valuation';

export type ValuationAdjustment = z.output<typeof ValuationAdjustmentSchema>;

const dollars = (n: number) => `$${Math.round(Math.abs(n)).toLocaleString('en-US')}`;
const whole = (n: number) => Math.round(Math.abs(n)).toLocaleString('en-US');

/** Why a comp's price was moved, as a seller reads it: "$12,400 added: 180 sq ft larger". */
export function adjustmentWords(a: ValuationAdjustment): string {
  const added = a.dollars >= 0 ? `${dollars(a.dollars)} added` : `${dollars(a.dollars)} taken off`;
  const more = a.difference > 0;
  const reason = {
    livingArea: `${whole(a.difference)} sq ft ${more ? 'larger' : 'smaller'}`,
    lotSize: `lot ${whole(a.difference)} sq ft ${more ? 'larger' : 'smaller'}`,
    beds: `${whole(a.difference)} ${Math.abs(a.difference) === 1 ? 'bedroom' : 'bedrooms'} ${more ? 'more' : 'fewer'}`,
    baths: `${whole(a.difference)} ${Math.abs(a.difference) === 1 ? 'bathroom' : 'bathrooms'} ${more ? 'more' : 'fewer'}`,
    age: `${whole(a.difference)} years ${more ? 'older' : 'newer'}`,
    waterfront: more ? 'on the water' : 'not on the water',
    view: more ? 'has a view' : 'no view',
    // The comp sold `difference` days before the date valued: the market has moved since.
    saleDate: `sold ${whole(a.difference / 30.44) === '0' ? 'this month' : `${whole(a.difference / 30.44)} months ago`}, market since`,
    // Taken off where homes around the comp sell for more than around this one, added where for less.
    location: `${a.difference.toFixed(1)} mi away, where homes sell for ${a.dollars >= 0 ? 'less' : 'more'}`,
  }[a.feature];
  return `${added}: ${reason}`;
}
