import type { LeadActivityEvent } from '../leads.events';

/** What the public site reports for a signed-in lead; the lead exists (checked by the caller). */
export type RecordActivity =
  | {
      readonly type: 'ListingViewed';
      readonly leadId: string;
      readonly userId: string;
      readonly siteId: string;
      readonly pdid: string;
      readonly address: string | null;
      readonly price: number | null;
    }
  | { readonly type: 'SearchRun'; readonly leadId: string; readonly userId: string; readonly siteId: string; readonly title: string; readonly query: string };

/**
 * Behaviour is history, not state: every report is one event, except the same listing or the
 * same search reported again right after the last one (a reload), which appends nothing.
 */
export function decideRecordActivity(c: RecordActivity, last: LeadActivityEvent | undefined): LeadActivityEvent[] {
  if (c.type === 'ListingViewed') {
    if (last?.type === 'ListingViewed' && last.data.pdid === c.pdid) return [];
    const { type: _t, ...data } = c;
    return [{ type: 'ListingViewed', data }];
  }
  if (last?.type === 'SearchRun' && last.data.query === c.query) return [];
  const { type: _t, ...data } = c;
  return [{ type: 'SearchRun', data }];
}
