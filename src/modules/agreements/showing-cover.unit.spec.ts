import { describe, expect, it } from 'vitest';
import type { OpenHouse } from '../listings';
import type { Agreement } from './buyer-agreements';
import { coverageGap, dayIn, duringOpenHouse } from './showing-cover';

const signed = (startsOn: string, endsOn: string, voidedAt: string | null = null): Agreement => ({
  agreementId: 'A1',
  leadId: 'L1',
  agreementType: 'touring',
  compensation: { kind: 'flat', value: 500 },
  startsOn,
  endsOn,
  uploadId: null,
  byUserId: 'U1',
  createdAt: '2031-01-01T00:00:00.000Z',
  sent: null,
  signed: { how: 'upload', at: '2031-01-01T00:00:00.000Z', name: null, ipAddress: null, userAgent: null, uploadId: 'f.pdf' },
  voidedAt,
  remindedTaskId: null,
});
/** 11 pm on 11 March in Seattle is already 12 March in UTC: the listing's clock decides the day. */
const LATE = { leadName: 'Jane Doe', start: '2031-03-12T06:00:00.000Z', timeZone: 'America/Los_Angeles', openHouse: false };

describe('which showings an agreement covers', () => {
  it("counts the showing's day on the listing's clock", () => {
    expect(dayIn(LATE.start, LATE.timeZone)).toBe('2031-03-11');
    expect(coverageGap(LATE, { agreements: [signed('2031-03-01', '2031-03-11')] })).toBeNull();
    expect(coverageGap(LATE, { agreements: [signed('2031-03-12', '2031-04-11')] })).toBe(
      'Jane Doe has no buyer agreement in force on 11 March; add or sign one first',
    );
  });

  it('names the lead and the day when nothing signed is in force; a void one or none does not cover; an open house needs none', () => {
    expect(coverageGap(LATE, { agreements: [] })).toBe('Jane Doe has no buyer agreement in force on 11 March; add or sign one first');
    expect(coverageGap(LATE, { agreements: [signed('2031-03-01', '2031-04-01', '2031-03-05T00:00:00Z')] })).not.toBeNull();
    expect(coverageGap({ ...LATE, openHouse: true }, { agreements: [] })).toBeNull();
  });

  it('is during an open house only for a public one that holds the showing’s start', () => {
    const oh = (type: OpenHouse['OpenHouseType']): OpenHouse => ({
      OpenHouseKey: 'K',
      OpenHouseStartTime: '2031-03-15T13:00:00-07:00',
      OpenHouseEndTime: '2031-03-15T15:00:00-07:00',
      OpenHouseType: type,
      OpenHouseRemarks: null,
    });
    expect(duringOpenHouse([oh('Public')], '2031-03-15T20:30:00.000Z')).toBe(true);
    expect(duringOpenHouse([oh('Public')], '2031-03-15T22:00:00.000Z')).toBe(false);
    expect(duringOpenHouse([oh('Broker')], '2031-03-15T20:30:00.000Z')).toBe(false);
  });
});
