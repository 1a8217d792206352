import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import type { ListingActivityEvent } from '../listing-activity.events';
import { NO_SUCH_REPORT_MAIL, reportMailDecider } from './report-mail.decide';

const S = '00000000-0000-4000-8000-0000000000c1';
const A = '00000000-0000-4000-8000-0000000000a1';
const sent: ListingActivityEvent = {
  type: 'ListingReportEmailed',
  data: { sendId: S, pdid: 'X-1', byUserId: A, sellerName: 'Rae', sellerEmail: 'rae@example.com', note: '', expiresAt: '2099-01-01T00:00:00Z' },
};
const forget = { kind: 'forget' as const, sendId: S, pdid: 'X-1', byUserId: A };

describe('forgetting a report’s seller (given / when / then)', () => {
  it('given a send, when the agent forgets its seller, then ListingReportSellerForgotten; again, nothing more', () => {
    const decided = reportMailDecider.decide(forget, fold(reportMailDecider, [sent]));
    expect(decided).toEqual([{ type: 'ListingReportSellerForgotten', data: { sendId: S, pdid: 'X-1', byUserId: A } }]);
    expect(reportMailDecider.decide(forget, fold(reportMailDecider, [sent, ...decided]))).toEqual([]);
  });

  it('refuses a send that is not on the listing (404)', () => {
    expect(refused(() => reportMailDecider.decide(forget, reportMailDecider.initialState()))).toMatchObject({
      code: 'not_found',
      message: NO_SUCH_REPORT_MAIL,
    });
  });
});
