import type pg from 'pg';

/** The outbox CRM e-mails leave from: its name starts their Message-IDs (`<lead-email.{mail_id}@…>`). */
export const LEAD_EMAIL_OUTBOX = 'lead-email';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The CRM e-mail a row of lead_email_outbox sent: its lead, its message on the thread, who wrote it; null when there is no such row. */
export async function leadEmailOfMail(
  pool: pg.Pool,
  mailId: string,
): Promise<{ readonly leadId: string; readonly messageId: string; readonly byUserId: string } | null> {
  if (!UUID.test(mailId)) return null;
  const { rows } = await pool.query<{ lead_id: string; message_id: string; by_user_id: string }>(
    'SELECT lead_id, message_id, by_user_id FROM lead_email_outbox WHERE mail_id = $1',
    [mailId],
  );
  const row = rows[0];
  return row ? { leadId: row.lead_id, messageId: row.message_id, byUserId: row.by_user_id } : null;
}
