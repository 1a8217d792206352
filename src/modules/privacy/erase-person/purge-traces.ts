import type pg from 'pg';

/**
 * What an erasure deletes outright besides the keys: rows of the outboxes (plain tables, not read
 * models: a rebuild never refills them) that are about the person's leads, or that go to or name
 * the person (one of their names, addresses or numbers).
 * Mail and texts not yet sent to or about them are never sent; those sent leave no copy.
 */
export async function purgeOutboxes(db: pg.Pool, userId: string, leadIds: readonly string[], values: readonly string[]): Promise<void> {
  const byLead = [
    'alert_outbox',
    'share_mail_outbox',
    'lead_email_outbox',
    'listing_mail_outbox',
    'lead_notice_queue',
    'lead_notice_outbox',
    'webhook_deliveries',
    'seller_mail_outbox',
    'automated_texts',
    'web_push_queue',
    'web_push_outbox',
  ];
  for (const table of byLead) await db.query(`DELETE FROM ${table} WHERE lead_id = ANY($1::uuid[])`, [leadIds]);
  await db.query('DELETE FROM alert_outbox WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM web_push_outbox WHERE user_id = $1', [userId]);
  await purgeMessagesNaming(db, values);
}

/** The finished messages (delivery and development mail and SMS outboxes) that go to or name one of these values. */
export async function purgeMessagesNaming(db: pg.Pool, values: readonly string[]): Promise<void> {
  if (values.length === 0) return;
  // The development and delivery outboxes keep the finished message: any that names the person goes.
  await db.query(
    `DELETE FROM mail_outbox m WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) v
       WHERE m.to_address = v OR strpos(m.subject, v) > 0 OR strpos(m.text_body, v) > 0 OR strpos(coalesce(m.html_body, ''), v) > 0
          OR strpos(m.headers::text, v) > 0)`,
    [values],
  );
  await db.query(
    `DELETE FROM sms_outbox s WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) v
       WHERE s.to_number = v OR strpos(s.body, v) > 0 OR strpos(coalesce(s.media_url, ''), v) > 0)`,
    [values],
  );
}
