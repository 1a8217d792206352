import { describe, expect, it } from 'vitest';
import { batchedAlike, IN_BULK } from '../../../../tests/support/batched-alike';
import { appendedNow, type GivenEvent, projectionSpecification } from '../../../../tests/support/projection-specification';
import { searchDoc } from '../../../../tests/support/search-doc';
import { mulberry32 } from '../../../shared/prng';
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

describe('alert changes queue, in batches', () => {
  const feed = batchedAlike(alertChangesQueue, { reset: (db) => db.query('TRUNCATE alert_changes').then(() => undefined) });

  it('queues the same folded changes fed one event at a time as in batches of 3 or 40, in one batch of the whole log and in bulk (a first start)', async () => {
    const log = recordsOfChanges(300);
    const rows = await feed(log, 'SELECT event_id, pdid, kind, detail, tx_id, global_position, at FROM alert_changes ORDER BY event_id', [
      1,
      3,
      40,
      log.length,
      IN_BULK,
    ]);
    expect(rows.get(1)!.length).toBeGreaterThan(30);
    expect(rows.get(1)!.some((r) => (r.detail as { also?: unknown }).also)).toBe(true);
    expect(rows.get(1)!.some((r) => r.kind === 'new' && (r.detail as { price?: unknown }).price === 700_000)).toBe(true);
    expect(rows.get(3)).toEqual(rows.get(1));
    expect(rows.get(40)).toEqual(rows.get(1));
    expect(rows.get(log.length)).toEqual(rows.get(1));
    expect(rows.get(IN_BULK)).toEqual(rows.get(1));
  });
});

/** Records of a few events each (one append), some of them changing one listing twice, a few from before the queue existed. */
function recordsOfChanges(count: number): GivenEvent[] {
  const random = mulberry32(34);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const log: GivenEvent[] = [];
  for (let tx = 1000n; log.length < count; tx++) {
    const metadata = random() < 0.1 ? { at: '2020-01-01T00:00:00.000Z' } : appendedNow();
    for (let n = 1 + Math.floor(random() * 8); n > 0; n--) {
      const pdid = pick(['NW-a', 'NW-b', 'NW-c', 'NW-d']);
      const event: ListingEvent = pick<ListingEvent>([
        { type: 'ListingPriceChanged', data: { pdid, ListPrice: pick([400_000, 600_000]), previousListPrice: 500_000, ModificationTimestamp: null } },
        {
          type: 'ListingStatusChanged',
          data: {
            pdid,
            StandardStatus: pick(['Active', 'Pending', 'Closed']),
            previousStatus: pick(['Active', 'Closed']),
            ClosePrice: 1,
            CloseDate: null,
            ModificationTimestamp: null,
          },
        },
        { type: 'ListingPhotosChanged', data: { pdid, photos: ['/p/1.jpg'], added: pick([0, 1]), ModificationTimestamp: null } },
        // A whole record, of which the bulk replay reads only the status and the price.
        {
          type: 'ListingListed',
          data: {
            pdid,
            mls: 'nw',
            listing: searchDoc(pdid, { StandardStatus: pick(['Active', 'Coming Soon']), ListPrice: pick([350_000, 700_000, null]) }).record,
          },
        },
      ]);
      log.push({ ...event, metadata, transactionId: tx });
    }
  }
  return log;
}
