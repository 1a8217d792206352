import { describe, expect, it } from 'vitest';
import { cellsOf } from '../geo';
import { cellKey, listingOf, meiliDocumentOf, FILTERABLE, SORTABLE } from './meili-document';
import { searchDoc } from '../../../tests/support/search-doc';

describe('a listing as a Meilisearch document', () => {
  it('carries what every criterion compares, derived as for PostgreSQL', () => {
    const d = meiliDocumentOf(searchDoc('1'));
    expect(d).toMatchObject({
      pdid: 'NW-1',
      mls: 'NW',
      grp: 1,
      price: 500_000,
      beds: 3,
      baths: 2,
      sqft: 1500,
      lat: 47.61,
      lng: -122.33,
      has_point: true,
      _geo: { lat: 47.61, lng: -122.33 },
      types: ['condo'],
      waterfront: true,
      view: null,
      pool: false,
      new_construction: null,
      // Below the highest list price it had: reduced.
      price_reduced: true,
      city_key: 'seattle',
      county_key: 'king',
      zip5: '98101',
      mlsid_key: 'nw1',
      open_house_until: null,
    });
    expect([...d.words].sort()).toEqual(['1', '98101', '1234', 'county', 'king', 'nw1', 'pine', 'seattle', 'st'].sort());
    expect(d.ux! ** 2 + d.uy! ** 2 + d.uz! ** 2).toBeCloseTo(1, 12);
  });

  it('puts the grid cell of every cluster level in its own facet', () => {
    const d = meiliDocumentOf(searchDoc('1'));
    const { cy, cx } = cellsOf({ lat: 47.61, lng: -122.33 });
    expect(d.cell20).toBe(`${cy}:${cx}`);
    expect(d.cell0).toBe('0:0');
    expect(d.cell1).toBe(`${cy >> 19}:${cx >> 19}`);
    expect(d.cell12).toBe(cellKey(cy, cx, 12));
    expect(cellKey(cy, cx, 12)).toBe(`${cy >> 8}:${cx >> 8}`);
    for (let z = 0; z <= 20; z++) expect(FILTERABLE).toContain(`cell${z}`);
  });

  it('leaves a listing without a point out of every map filter: no _geo, no cell, null coordinates', () => {
    const d = meiliDocumentOf(searchDoc('2', { Latitude: null, Longitude: null }));
    expect(d).toMatchObject({ lat: null, lng: null, ux: null, has_point: false });
    expect('_geo' in d).toBe(false);
    expect(Object.keys(d).filter((k) => k.startsWith('cell'))).toEqual([]);
  });

  it('gives every sort a key that is never null, unknown values sorting last both ways', () => {
    const known = meiliDocumentOf(searchDoc('1'));
    const unknown = meiliDocumentOf(searchDoc('2', { ListPrice: null, BedroomsTotal: null, LivingArea: null, ListingContractDate: null }));
    expect(known).toMatchObject({ s_newest: Date.parse('2026-10-01'), s_price_asc: 500_000, s_price_desc: 500_000, s_beds: 3, s_sqft: 1500 });
    expect(unknown.s_price_asc).toBeGreaterThan(1e299);
    for (const k of ['s_newest', 's_price_desc', 's_beds', 's_sqft'] as const) expect(unknown[k]).toBeLessThan(-1e299);
    for (const k of ['s_newest', 's_price_asc', 's_price_desc', 's_beds', 's_sqft', 's_pdid', '_geo']) expect(SORTABLE).toContain(k);
  });

  it('sorts ties by pdid in byte order, as hex that no case folding of the server can reorder', () => {
    const keys = ['NW-a_1', 'NW-A1', 'NW-B', 'NW-a', 'NW-_'].map((k) => meiliDocumentOf({ ...searchDoc('x'), pdid: k }).s_pdid);
    const bytes = ['NW-a_1', 'NW-A1', 'NW-B', 'NW-a', 'NW-_'].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...keys].sort().map((h) => Buffer.from(h, 'hex').toString())).toEqual(bytes);
    expect([...keys].map((k) => k.toLowerCase())).toEqual(keys);
  });

  it('sorts a sold listing by its close date and prices it by its close price', () => {
    const d = meiliDocumentOf(searchDoc('3', { StandardStatus: 'Closed', ClosePrice: 480_000, CloseDate: '2026-11-02' }));
    expect(d).toMatchObject({ grp: 2, price: 480_000, sort_date: '2026-11-02', s_newest: Date.parse('2026-11-02') });
  });

  it('marks for rent, hidden and unshown listings as search reads them', () => {
    expect(meiliDocumentOf(searchDoc('4', { PropertyType: 'Residential Lease' })).grp).toBe(3);
    expect(meiliDocumentOf(searchDoc('5', { StandardStatus: 'Pending' })).grp).toBe(0);
    expect(meiliDocumentOf(searchDoc('6', { InternetEntireListingDisplayYN: false })).grp).toBe(0);
    // A street address the MLS hides finds nothing and is on no card.
    const hidden = meiliDocumentOf(searchDoc('7', { InternetAddressDisplayYN: false }));
    expect(hidden.words).not.toContain('pine');
    expect(listingOf(hidden).address).toBeNull();
  });

  it('reads back as the card the PostgreSQL adapter gives', () => {
    const doc = searchDoc('8', {}, { brokenPhotos: ['/p/1.jpg'] });
    expect(listingOf(meiliDocumentOf(doc))).toEqual({
      pdid: 'NW-8',
      mlsid: 'NW8',
      address: '8 Pine St',
      city: 'Seattle',
      state: 'WA',
      zip: '98101-1234',
      county: 'King',
      price: 500_000,
      beds: 3,
      baths: 2,
      sqft: 1500,
      status: 'Active',
      propertyType: 'Condominium',
      latitude: 47.61,
      longitude: -122.33,
      locationApproximate: false,
      forRent: false,
      photos: ['/p/2.jpg'],
      allPhotosBroken: false,
      listDate: '2026-10-01',
      closeDate: null,
      listOfficeName: 'North Office',
      listAgentName: 'Ann Agent',
    });
  });

  it('records an open house as the instant its local day ends', () => {
    const o = {
      OpenHouseKey: 'O',
      OpenHouseStartTime: '2026-11-28T13:00:00-08:00',
      OpenHouseEndTime: '2026-11-28T15:00:00-08:00',
      OpenHouseType: 'Public' as const,
      OpenHouseRemarks: null,
    };
    expect(meiliDocumentOf(searchDoc('9', {}, { openHouses: [o] })).open_house_until).toBe(Date.parse('2026-11-29T08:00:00Z'));
  });
});
