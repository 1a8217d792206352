import { handledTypes, outboxProjection } from '../../../../projections/runner';
import { SELLER_MAIL_MIGRATION } from '../../../database/migrations/051-seller-mail-outbox';
import { stableId } from '../../../shared/stable-id';
import type { CmaSent } from '../valuation.events';

/** The in-process signal the seller_mail queue gives after it queued e-mails. */
export const SELLER_MAIL_SIGNAL = 'valuation.sellerMailQueued';

/** The outbox row of a CMA's e-mail: derived from the CmaSent event's id, so a replay queues the same row and sends nothing again. */
export const cmaMailId = (eventId: string): string => stableId(`cma mail ${eventId}`);

/**
 * The seller e-mails' half of the outbox: each CmaSent queues one row in
 * seller_mail_outbox (kind 'cma', ref: the send), keyed by an id derived from the event id.
 * SellerMailSender, beside it, sends.
 */
export const sellerMailProjection = outboxProjection<CmaSent>({
  name: 'seller_mail',
  eventTypes: handledTypes<CmaSent>()(['CmaSent']),
  outboxTables: ['seller_mail_outbox'],
  signal: SELLER_MAIL_SIGNAL,
  insert: (e) => ({
    sql: `INSERT INTO seller_mail_outbox (mail_id, kind, lead_id, ref, queued_at)
          SELECT $1, 'cma', $2, $3, $4 WHERE $4::timestamptz >= (SELECT applied_at FROM schema_migrations WHERE id = $5)
          ON CONFLICT (mail_id) DO NOTHING`,
    values: [cmaMailId(e.eventId), e.data.leadId, e.data.sendId, e.metadata.at, SELLER_MAIL_MIGRATION],
  }),
});
