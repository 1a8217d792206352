import type { z } from 'zod';
import type { ValuationAdjustmentSchema } from '../../../../src/contract/routes/valuation';

export type ValuationAdjustment = z.output<typeof ValuationAdjustmentSchema>;

const dollars = (n: number) => `$${Math.round(Math.abs(n)).toLocaleString('en-US')}`;
const whole = (n: number) => Math.round(Math.abs(n)).toLocaleString('en-US');

/**
 * Why a comp's price was moved, as a seller reads it on the comp's row: "$12,400 added: your home
 * is 180 sq ft larger". The difference is the home's against the comp's, so the words name the
 * home; read alone, "180 sq ft larger" would be taken for the comp.
 */
export function adjustmentWords(a: ValuationAdjustment): string {
  const added = a.dollars >= 0 ? `${dollars(a.dollars)} added` : `${dollars(a.dollars)} taken off`;
  const more = a.difference > 0;
  const rooms = (one: string) => `your home has ${whole(a.difference)} ${Math.abs(a.difference) === 1 ? one : `${one}s`} ${more ? 'more' : 'fewer'}`;
  const months = Math.round(Math.abs(a.difference) / 30.44);
  const reason = {
    livingArea: `your home is ${whole(a.difference)} sq ft ${more ? 'larger' : 'smaller'}`,
    lotSize: `your lot is ${whole(a.difference)} sq ft ${more ? 'larger' : 'smaller'}`,
    beds: rooms('bedroom'),
    baths: rooms('bathroom'),
    age: `your home is ${whole(a.difference)} ${Math.abs(a.difference) === 1 ? 'year' : 'years'} ${more ? 'older' : 'newer'}`,
    waterfront: more ? 'your home is on the water, this one is not' : 'this one is on the water, your home is not',
    view: more ? 'your home has a view, this one has none' : 'this one has a view, your home has none',
    // The comp sold `difference` days before the date valued: prices moved since, up where added.
    saleDate: `sold ${months === 0 ? 'this month' : months === 1 ? 'a month ago' : `${months} months ago`}, prices have ${a.dollars >= 0 ? 'risen' : 'fallen'} since`,
    // Taken off where homes around the comp sell for more than around this one, added where for less.
    location: `${a.difference.toFixed(1)} mi away, where homes sell for ${a.dollars >= 0 ? 'less' : 'more'}`,
  }[a.feature];
  return `${added}: ${reason}`;
}
