import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { LISTING_REPORT_MAIL_MIGRATION } from '../../../database/migrations/057-listing-report-mail-outbox';
import { stableId } from '../../../shared/stable-id';
import type { ListingReportEmailed } from '../listing-activity.events';

/** The in-process signal the listing_report_mail queue gives after it queued e-mails. */
export const REPORT_MAIL_SIGNAL = 'listingActivity.reportMailQueued';

/** The outbox row of a report e-mail: derived from the send's id, so a replay queues the same row and sends nothing again. */
export const reportMailId = (sendId: string): string => stableId(`listing report mail ${sendId}`);

/**
 * The report e-mail's half of the outbox: each ListingReportEmailed queues one row in
 * listing_report_mail_outbox (no name, address or note: the sender reads them from the event).
 * ReportMailSender, beside it, sends.
 */
export const reportMailProjection = outboxProjection<ListingReportEmailed>({
  name: 'listing_report_mail',
  eventTypes: handledTypes<ListingReportEmailed>()(['ListingReportEmailed']),
  outboxTables: ['listing_report_mail_outbox'],
  signal: REPORT_MAIL_SIGNAL,
  insert: (e) => ({
    sql: `INSERT INTO listing_report_mail_outbox (mail_id, send_id, pdid, by_user_id, queued_at)
          SELECT $1, $2, $3, $4, $5 WHERE $5::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $6)
          ON CONFLICT (mail_id) DO NOTHING`,
    values: [reportMailId(e.data.sendId), e.data.sendId, e.data.pdid, e.data.byUserId, e.metadata.at, LISTING_REPORT_MAIL_MIGRATION],
  }),
});
