import { describe, expect, it } from 'vitest';
import type { LeadActivityEvent } from '../leads.events';
import { decideRecordActivity, type RecordActivity } from './record-activity.decide';

const who = { leadId: 'L1', userId: 'u-lead', siteId: 's1' };
const view = (pdid: string, price: number | null = 550_000, address: string | null = '1 Main St, Kent'): RecordActivity => ({
  type: 'ListingViewed',
  ...who,
  pdid,
  address,
  price,
});
const search = (query: string, title = 'Homes in Kent'): RecordActivity => ({ type: 'SearchRun', ...who, title, query });
const viewed = (pdid: string, price?: number | null): LeadActivityEvent => ({
  type: 'ListingViewed',
  data: { ...who, pdid, address: '1 Main St, Kent', price: price === undefined ? 550_000 : price },
});
const ran = (query: string, title = 'Homes in Kent'): LeadActivityEvent => ({ type: 'SearchRun', data: { ...who, title, query } });

/** The decision reads only the activity stream's last event (the handler reads one, backwards). */
const given = (...events: LeadActivityEvent[]): LeadActivityEvent | undefined => events.at(-1);

describe('RecordActivity (given / when / then)', () => {
  it('given no activity, when a listing is viewed, then ListingViewed with the lead, listing, address and price (no command type in the data)', () => {
    expect(decideRecordActivity(view('NWMLS-1'), given())).toEqual([
      { type: 'ListingViewed', data: { leadId: 'L1', userId: 'u-lead', siteId: 's1', pdid: 'NWMLS-1', address: '1 Main St, Kent', price: 550_000 } },
    ]);
  });

  it('given no activity, when a listing without address or price is viewed, then ListingViewed with nulls', () => {
    expect(decideRecordActivity(view('NWMLS-1', null, null), given())).toEqual([
      { type: 'ListingViewed', data: { leadId: 'L1', userId: 'u-lead', siteId: 's1', pdid: 'NWMLS-1', address: null, price: null } },
    ]);
  });

  it('given NWMLS-1 viewed last, when NWMLS-1 is viewed again (a reload), then nothing, even if its price changed meanwhile', () => {
    expect(decideRecordActivity(view('NWMLS-1'), given(viewed('NWMLS-1')))).toEqual([]);
    expect(decideRecordActivity(view('NWMLS-1', 525_000), given(ran('city=Kent'), viewed('NWMLS-1')))).toEqual([]);
  });

  it('given NWMLS-1 viewed last, when NWMLS-2 is viewed, then ListingViewed for NWMLS-2', () => {
    expect(decideRecordActivity(view('NWMLS-2'), given(viewed('NWMLS-1')))).toEqual([viewed('NWMLS-2')]);
  });

  it('given NWMLS-1 then NWMLS-2 viewed, when NWMLS-1 is viewed again, then ListingViewed (only a repeat of the last one is dropped)', () => {
    expect(decideRecordActivity(view('NWMLS-1'), given(viewed('NWMLS-1'), viewed('NWMLS-2')))).toEqual([viewed('NWMLS-1')]);
  });

  it('given NWMLS-1 viewed then a search run, when NWMLS-1 is viewed again, then ListingViewed', () => {
    expect(decideRecordActivity(view('NWMLS-1'), given(viewed('NWMLS-1'), ran('city=Kent')))).toEqual([viewed('NWMLS-1')]);
  });

  it('given no activity, when a search is run, then SearchRun with its title and query (no command type in the data)', () => {
    expect(decideRecordActivity(search('city=Kent&beds=3', 'Kent, 3+ beds'), given())).toEqual([
      { type: 'SearchRun', data: { leadId: 'L1', userId: 'u-lead', siteId: 's1', title: 'Kent, 3+ beds', query: 'city=Kent&beds=3' } },
    ]);
  });

  it('given the search city=Kent run last, when the same query is run again, then nothing, even under another title', () => {
    expect(decideRecordActivity(search('city=Kent'), given(ran('city=Kent')))).toEqual([]);
    expect(decideRecordActivity(search('city=Kent', 'Kent again'), given(viewed('NWMLS-1'), ran('city=Kent')))).toEqual([]);
  });

  it('given the search city=Kent run last, when another query is run, then SearchRun for it', () => {
    expect(decideRecordActivity(search('city=Auburn', 'Homes in Auburn'), given(ran('city=Kent')))).toEqual([ran('city=Auburn', 'Homes in Auburn')]);
  });

  it('given city=Kent run then a listing viewed, when city=Kent is run again, then SearchRun', () => {
    expect(decideRecordActivity(search('city=Kent'), given(ran('city=Kent'), viewed('NWMLS-1')))).toEqual([ran('city=Kent')]);
  });

  it('given a listing viewed last, when a search whose query equals its pdid is run, then SearchRun (types are not mixed up)', () => {
    expect(decideRecordActivity(search('NWMLS-1'), given(viewed('NWMLS-1')))).toEqual([ran('NWMLS-1')]);
  });
});
