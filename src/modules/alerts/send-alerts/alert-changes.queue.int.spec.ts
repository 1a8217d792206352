import { describe, expect, it } from 'vitest';
import { appendedNow, type GivenEvent, projectionSpecification } from '../../../../tests/support/projection-specification';
import type { ListingEvent } from '../../listings';
import { ALERTS_PUSH } from '../alerts.events';
import { alertChangesQueue } from './alert-changes.queue';

const priceCut = (pdid: string, over: Pick<GivenEvent, 'transactionId' | 'metadata'> = {}): GivenEvent & ListingEvent => ({
  type: 'ListingPriceChanged',
  data: { pdid, ListPrice: 450_000, previousListPrice: 500_000, ModificationTimestamp: null },
  metadata: appendedNow(),
  ...over,
});
const changesOf = 'SELECT kind, detail FROM alert_changes WHERE pdid = $1';

describe('alert changes queue (the property alerts dispatcher’s work)', () => {
  const spec = projectionSpecification(alertChangesQueue);

  it('given nothing, when the home’s price drops and then rises, then the drop is queued for the dispatcher, which is woken; the rise is no news', () =>
    spec
      .given()
      .when(priceCut('NW-1'), {
        type: 'ListingPriceChanged',
        data: { pdid: 'NW-1', ListPrice: 480_000, previousListPrice: 450_000, ModificationTimestamp: null },
        metadata: appendedNow(),
      })
      .then(async ({ rows, signals }) => {
        expect(await rows(changesOf, ['NW-1'])).toEqual([{ kind: 'price-reduced', detail: { from: 500_000, to: 450_000 } }]);
        expect(signals).toEqual([{ signal: ALERTS_PUSH, payload: { queued: 1 } }]);
      }));

  it('given nothing, when one record relists a sold home at a lower price (one append), then the lead hears of it once, back on the market and cheaper', () =>
    spec
      .given()
      .when(
        {
          type: 'ListingStatusChanged',
          data: { pdid: 'NW-2', StandardStatus: 'Active', previousStatus: 'Closed', ClosePrice: null, CloseDate: null, ModificationTimestamp: null },
          metadata: appendedNow(),
          transactionId: 77n,
        },
        priceCut('NW-2', { transactionId: 77n }),
      )
      .then(async ({ rows }) =>
        expect(await rows(changesOf, ['NW-2'])).toEqual([
          { kind: 'back-on-market', detail: { also: [{ kind: 'price-reduced', detail: { from: 500_000, to: 450_000 } }] } },
        ]),
      ));

  it('given nothing, when a change from before the queue existed is read (a first start on an old log), then nothing is queued', () =>
    spec
      .given()
      .when(priceCut('NW-3', { metadata: { at: '2020-01-01T00:00:00.000Z' } }))
      .then(async ({ rows, signals }) => {
        expect(await rows(changesOf, ['NW-3'])).toEqual([]);
        expect(signals).toEqual([]);
      }));
});
