import { describe, expect, it } from 'vitest';
import { searchDoc } from '../../../tests/support/search-doc';
import { deriveSearchFields, type SearchDoc } from '../search-document';
import { gridKey, ListingColumns } from './listing-columns';
import { decodeSnapshot, encodeSnapshot } from './memory-snapshot';

/** What search reads of a doc: everything derived but the photos, which the columns leave to PostgreSQL. */
const searched = (doc: SearchDoc) => {
  const { visiblePhotos: _v, allPhotosBroken: _a, ...rest } = deriveSearchFields(doc);
  return { rest, maxListPrice: doc.maxListPrice, openHouses: doc.openHouses };
};
const openHouse = {
  OpenHouseKey: 'oh1',
  OpenHouseStartTime: '2026-12-01T10:00:00-08:00',
  OpenHouseEndTime: '2026-12-01T12:00:00-08:00',
  OpenHouseType: 'Public' as const,
  OpenHouseRemarks: null,
};

describe('ListingColumns', () => {
  const docs = [
    searchDoc('1'),
    searchDoc('2', {
      StandardStatus: 'Closed',
      ClosePrice: 480_000,
      CloseDate: '2026-11-02',
      Latitude: null,
      Longitude: null,
      WaterfrontYN: false,
      InternetAddressDisplayYN: false,
    }),
    searchDoc(
      '3',
      { PropertyType: 'Residential Lease', City: 'Bellevue', PostalCode: '98004', LivingArea: null, BedroomsTotal: null },
      { openHouses: [openHouse], maxListPrice: null },
    ),
  ];

  it('gives back from its columns every field search reads, for the fold to take the next event', () => {
    const cols = new ListingColumns(2);
    for (const d of docs) cols.put(d, undefined);
    for (const d of docs) expect(searched(cols.docOf(cols.slotOf(d.pdid)!))).toEqual(searched(d));
  });

  it('moves a changed listing between postings and gives a removed listing’s slot to the next one', () => {
    const cols = new ListingColumns();
    for (const d of docs) cols.put(d, undefined);
    const slot = cols.slotOf('NW-1')!;
    const moved = searchDoc('1', { City: 'Tacoma', UnparsedAddress: '1 Oak Ave' });
    cols.put(moved, cols.docOf(slot));
    expect([...(cols.words.get('pine')?.items.subarray(0, cols.words.size('pine')) ?? [])]).not.toContain(slot);
    expect(cols.words.size('oak')).toBe(1);
    expect(cols.cities.size(cols.idOf('seattle'))).toBe(1);
    cols.remove('NW-1', cols.docOf(slot));
    expect([cols.slotOf('NW-1'), cols.words.size('oak'), cols.u.grp[slot]]).toEqual([undefined, 0, 0]);
    cols.put(searchDoc('4'), undefined);
    expect(cols.slotOf('NW-4')).toBe(slot);
  });

  it('keeps each posting once through changes: a price change moves none, a move to another zip and cell moves those', () => {
    const cols = new ListingColumns();
    for (const d of docs) cols.put(d, undefined);
    const slot = cols.slotOf('NW-1')!;
    const postings = () => ({
      pine: cols.words.size('pine'),
      seattle: cols.words.size('seattle'),
      county: cols.words.size('county'),
      city: cols.cities.size(cols.idOf('seattle')),
      zip: cols.zips.size(cols.idOf('98101')),
      otherZip: cols.zips.size(cols.idOf('98109')),
      cell: cols.grid.size(gridKey(cols.i.cy[slot]!, cols.i.cx[slot]!)),
    });
    const start = postings();
    cols.put(searchDoc('1', { ListPrice: 450_000 }), cols.docOf(slot));
    cols.put(searchDoc('1', { ListPrice: 440_000 }), cols.docOf(slot));
    expect(postings()).toEqual(start);
    expect(cols.f.price[slot]).toBe(440_000);
    const cellBefore = gridKey(cols.i.cy[slot]!, cols.i.cx[slot]!);
    cols.put(searchDoc('1', { PostalCode: '98109', Latitude: 47.2, Longitude: -123.4 }), cols.docOf(slot));
    expect(cols.zips.size(cols.idOf('98101'))).toBe(start.zip - 1);
    expect(cols.zips.size(cols.idOf('98109'))).toBe(1);
    expect(cols.words.size('98109')).toBe(1);
    expect(cols.grid.size(cellBefore)).toBe(start.cell - 1);
    expect(cols.grid.size(gridKey(cols.i.cy[slot]!, cols.i.cx[slot]!))).toBe(1);
    expect(cols.words.size('pine')).toBe(start.pine);
  });

  it('comes back whole from a snapshot of the same log, and not from one of another', () => {
    const cols = new ListingColumns();
    for (const d of docs) cols.put(d, undefined);
    const freed = cols.slotOf('NW-2')!;
    cols.remove('NW-2', cols.docOf(freed));
    const checkpoint = { transactionId: 12n, globalPosition: 345n };
    const bytes = encodeSnapshot(cols, checkpoint, 'db-a');
    expect(decodeSnapshot(bytes, 'db-b')).toBeUndefined();
    const back = decodeSnapshot(bytes, 'db-a')!;
    expect(back.checkpoint).toEqual(checkpoint);
    expect([...back.columns.slots]).toEqual([...cols.slots]);
    for (const d of [docs[0]!, docs[2]!]) expect(searched(back.columns.docOf(back.columns.slotOf(d.pdid)!))).toEqual(searched(d));
    expect(back.columns.words.size('pine')).toBe(cols.words.size('pine'));
    back.columns.put(searchDoc('5'), undefined);
    // The free slot is part of the snapshot.
    expect(back.columns.slotOf('NW-5')).toBe(freed);
  });
});
