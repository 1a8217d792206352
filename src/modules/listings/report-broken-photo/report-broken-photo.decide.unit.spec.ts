import { describe, expect, it } from 'vitest';
import type { ListingRecord } from '../listing-record';
import type { ListingEvent } from '../listings.events';
import { decideReportBrokenPhoto, reportBrokenPhotoDecider } from './report-broken-photo.decide';

const record = {
  ListingKey: 'K1',
  StandardStatus: 'Active',
  ListPrice: 1,
  Latitude: 1,
  Longitude: 2,
  photos: ['/1.jpg', '/2.jpg'],
} as unknown as ListingRecord;
const listed: ListingEvent = { type: 'ListingListed', data: { pdid: 'T-K1', mls: 'T', listing: record } };
const fold = (events: readonly ListingEvent[]) => events.reduce(reportBrokenPhotoDecider.evolve, reportBrokenPhotoDecider.initialState());
/** Given events, when each client reports `url` in turn: every event appended. */
const reports = (given: readonly ListingEvent[], url: string, ...clients: string[]) =>
  clients.reduce<ListingEvent[]>((events, client) => [...events, ...decideReportBrokenPhoto({ pdid: 'T-K1', url, client }, fold([...given, ...events]))], []);

describe('a broken-photo report (given events, when reports, then events)', () => {
  it("records the first client's report and breaks the photo with a second client's", () => {
    expect(reports([listed], '/1.jpg', 'a', 'a', 'b', 'c', 'b')).toEqual([
      { type: 'ListingPhotoReported', data: { pdid: 'T-K1', url: '/1.jpg', client: 'a' } },
      { type: 'ListingPhotoReportedBroken', data: { pdid: 'T-K1', url: '/1.jpg' } },
    ]);
    const state = fold([listed, ...reports([listed], '/1.jpg', 'a', 'b'), ...reports([listed], '/2.jpg', 'a')]);
    expect(state.listed && [state.brokenPhotos, state.photoReports]).toEqual([['/1.jpg'], [{ url: '/2.jpg', client: 'a' }]]);
  });

  it('counts reports per photo, and forgets them when the feed drops the photo', () => {
    const given = [listed, ...reports([listed], '/1.jpg', 'a')];
    expect(reports(given, '/2.jpg', 'b').map((e) => e.type)).toEqual(['ListingPhotoReported']);
    const replaced: ListingEvent = {
      type: 'ListingPhotosChanged',
      data: { pdid: 'T-K1', photos: ['/2.jpg', '/1.jpg', '/3.jpg'], ModificationTimestamp: null },
    };
    expect(reports([...given, replaced], '/1.jpg', 'b').map((e) => e.type)).toEqual(['ListingPhotoReportedBroken']);
    const dropped: ListingEvent = { type: 'ListingPhotosChanged', data: { pdid: 'T-K1', photos: ['/2.jpg'], ModificationTimestamp: null } };
    const back: ListingEvent = { ...dropped, data: { ...dropped.data, photos: ['/1.jpg', '/2.jpg'] } };
    expect(reports([...given, dropped, back], '/1.jpg', 'b').map((e) => e.type)).toEqual(['ListingPhotoReported']);
  });

  it('refuses a photo the listing does not have and an unknown listing', () => {
    expect(() => reports([listed], '/9.jpg', 'a')).toThrow("This photo is not one of the listing's photos");
    expect(() => reports([], '/1.jpg', 'a')).toThrow('No such listing');
  });
});
