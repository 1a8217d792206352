import { describe, expect, it } from 'vitest';
import { searchDoc } from '../../../tests/support/search-doc';
import { deriveSearchFields, type SearchDoc } from '../search-document';
import { gridKey, ListingColumns } from './listing-columns';
import { decodeSnapshot, encodeSnapshot } from './memory-snapshot';
import { listingOf, slotReader, startingWithOf } from './memory-cards';

/** What search and cards read of a doc: everything derived, the photos (broken ones too) and the names. */
const searched = (doc: SearchDoc) => {
  const r = doc.record;
  return {
    derived: deriveSearchFields(doc),
    maxListPrice: doc.maxListPrice,
    openHouses: doc.openHouses,
    photos: r.photos,
    brokenPhotos: doc.brokenPhotos,
    shown: [r.StateOrProvince, r.ListOfficeName, r.ListAgentFullName],
  };
};
const cardOf = (cols: ListingColumns, pdid: string) => listingOf(cols, cols.slotOf(pdid)!);
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

  it('keeps number words apart from words of the same digits with a leading zero, and finds each by its keyword', () => {
    const cols = new ListingColumns();
    cols.put(searchDoc('1', { UnparsedAddress: '123 Oak Ave', ListingId: '4567' }), undefined);
    cols.put(searchDoc('2', { UnparsedAddress: '0123 Elm St', ListingId: '1234567890' }), undefined);
    const slotsOf = (w: string) => [...(cols.words.get(w)?.items.subarray(0, cols.words.size(w)) ?? [])];
    expect(['123', '0123', '4567', '1234567890', 'oak'].map(slotsOf)).toEqual([[0], [1], [0], [1], [0]]);
    cols.put(searchDoc('1', { UnparsedAddress: '124 Oak Ave', ListingId: '4567' }), cols.docOf(0));
    expect(['123', '124', '0123'].map(slotsOf)).toEqual([[], [0], [1]]);
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

  it('shows a card from its columns: photos in order without the broken ones, through photo changes and removals', () => {
    const cols = new ListingColumns(2);
    for (const d of docs) cols.put(d, undefined);
    expect(cardOf(cols, 'NW-2')).toMatchObject({
      address: null,
      state: 'WA',
      price: 480_000,
      latitude: null,
      listOfficeName: 'North Office',
      listAgentName: 'Ann Agent',
    });
    expect(cardOf(cols, 'NW-3')).toMatchObject({ forRent: true, propertyType: 'Condominium', beds: null, zip: '98004' });
    const slot = cols.slotOf('NW-1')!;
    cols.put(searchDoc('1', { photos: ['/p/1.jpg', '/p/2.jpg', '/p/3.jpg'] }, { brokenPhotos: ['/p/2.jpg'] }), cols.docOf(slot));
    expect(cardOf(cols, 'NW-1')).toMatchObject({ photos: ['/p/1.jpg', '/p/3.jpg'], allPhotosBroken: false });
    expect(cols.docOf(slot).brokenPhotos).toEqual(['/p/2.jpg']);
    cols.put(searchDoc('1', { photos: ['/p/2.jpg'] }, { brokenPhotos: ['/p/2.jpg'] }), cols.docOf(slot));
    expect(cardOf(cols, 'NW-1')).toMatchObject({ photos: [], allPhotosBroken: true });
    // Many photo changes: the pool's old runs are taken back, every card keeps its own photos.
    for (let k = 0; k < 33_000; k++) cols.put(searchDoc('1', { photos: [`/q/${k}a.jpg`, `/q/${k}b.jpg`] }), cols.docOf(slot));
    expect(cardOf(cols, 'NW-1').photos).toEqual(['/q/32999a.jpg', '/q/32999b.jpg']);
    expect(cardOf(cols, 'NW-2').photos).toEqual(['/p/1.jpg', '/p/2.jpg']);
    cols.remove('NW-2', cols.docOf(cols.slotOf('NW-2')!));
    cols.put(searchDoc('6', { photos: [] }), undefined);
    expect(cardOf(cols, 'NW-6')).toMatchObject({ photos: [], allPhotosBroken: false });
    expect(cardOf(cols, 'NW-3').photos).toEqual(['/p/1.jpg', '/p/2.jpg']);
  });

  it('suggests the names of searchable listings by how many hold them, and addresses and MLS numbers by their first letters', () => {
    const cols = new ListingColumns();
    for (const d of docs) cols.put(d, undefined);
    cols.put(searchDoc('7', { City: 'Lake Forest Park', UnparsedAddress: '7 Pine Ridge Rd' }), undefined);
    const suggest = (kinds: Parameters<typeof cols.terms.suggest>[2], term: string) =>
      cols.terms.suggest(slotReader(cols), cols.count, kinds, term, 5).map((s) => `${s.kind}:${s.value}`);
    expect(suggest(['city'], 'se')).toEqual(['city:Seattle']);
    // A later word of a name finds it, after the names that start with the term.
    expect(suggest(['city'], 'fo')).toEqual(['city:Lake Forest Park']);
    expect(suggest(['city', 'county', 'zip'], 'k')).toEqual(['county:King']);
    expect(suggest(['zip'], '981')).toEqual(['zip:98101']);
    // The hidden address (NW-2) is never suggested; a sold listing's is.
    expect(suggest(['address'], '2 p')).toEqual([]);
    expect(suggest(['address'], '7 p')).toEqual(['address:7 Pine Ridge Rd, Lake Forest Park 98101']);
    expect(suggest(['mlsid'], 'nw')).toEqual(['mlsid:NW1', 'mlsid:NW2', 'mlsid:NW3', 'mlsid:NW7']);
    // The listing picker: active listings only, by address.
    expect(startingWithOf(cols, 'NW', 10).map((l) => l.pdid)).toEqual(['NW-1', 'NW-3', 'NW-7']);
    cols.remove('NW-7', cols.docOf(cols.slotOf('NW-7')!));
    expect(suggest(['city'], 'fo')).toEqual([]);
    cols.put(searchDoc('1', { StandardStatus: 'Withdrawn' }), cols.docOf(cols.slotOf('NW-1')!));
    expect(suggest(['mlsid'], 'nw')).toEqual(['mlsid:NW2', 'mlsid:NW3']);
  });

  it('comes back whole from a snapshot of the same log, and not from one of another', async () => {
    const cols = new ListingColumns();
    for (const d of docs) cols.put(d, undefined);
    const freed = cols.slotOf('NW-2')!;
    cols.remove('NW-2', cols.docOf(freed));
    const checkpoint = { transactionId: 12n, globalPosition: 345n };
    const bytes = encodeSnapshot(cols, checkpoint, 'db-a');
    expect(await decodeSnapshot(bytes, 'db-b')).toBeUndefined();
    const back = (await decodeSnapshot(bytes, 'db-a'))!;
    expect(back.checkpoint).toEqual(checkpoint);
    const keys = (c: ListingColumns) => Array.from({ length: c.count }, (_, slot) => c.pdidOf(slot));
    expect([keys(back.columns), back.columns.size]).toEqual([keys(cols), cols.size]);
    for (const d of [docs[0]!, docs[2]!]) expect(searched(back.columns.docOf(back.columns.slotOf(d.pdid)!))).toEqual(searched(d));
    expect(back.columns.words.size('pine')).toBe(cols.words.size('pine'));
    for (const d of [docs[0]!, docs[2]!]) expect(cardOf(back.columns, d.pdid)).toEqual(cardOf(cols, d.pdid));
    const terms = (c: ListingColumns) => c.terms.suggest(slotReader(c), c.count, ['city', 'county', 'zip', 'address', 'mlsid'], 'nw', 5);
    expect(terms(back.columns)).toEqual(terms(cols));
    back.columns.put(searchDoc('5'), undefined);
    // The free slot is part of the snapshot.
    expect(back.columns.slotOf('NW-5')).toBe(freed);
    // The columns read from the file are the index's own and grow past the room they came with.
    for (let n = 6; n < 2_100; n++) back.columns.put(searchDoc(String(n)), undefined);
    expect(searched(back.columns.docOf(back.columns.slotOf('NW-2099')!))).toEqual(searched(searchDoc('2099')));
    expect(searched(back.columns.docOf(back.columns.slotOf(docs[0]!.pdid)!))).toEqual(searched(docs[0]!));
  });

  it('reads nothing from a snapshot cut short: the index is built from the log instead', async () => {
    const cols = new ListingColumns();
    for (const d of docs) cols.put(d, undefined);
    const bytes = encodeSnapshot(cols, { transactionId: 1n, globalPosition: 2n }, 'db-a');
    await expect(decodeSnapshot(bytes.subarray(0, bytes.length - 3), 'db-a')).rejects.toThrow('The snapshot ends early');
  });

  it('reads no snapshot of an older format: the index is built from the log instead of misreading it', async () => {
    const cols = new ListingColumns();
    for (const d of docs) cols.put(d, undefined);
    const bytes = encodeSnapshot(cols, { transactionId: 1n, globalPosition: 2n }, 'db-a');
    const length = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + length).toString()) as { format: number };
    const older = Buffer.from(JSON.stringify({ ...header, format: header.format - 1 }));
    const prefix = Buffer.alloc(4);
    prefix.writeUInt32LE(older.length);
    expect(await decodeSnapshot(Buffer.concat([prefix, older, bytes.subarray(4 + length)]), 'db-a')).toBeUndefined();
  });
});
