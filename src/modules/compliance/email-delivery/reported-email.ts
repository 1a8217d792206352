import type pg from 'pg';
import { LEAD_EMAIL_OUTBOX, leadEmailOfMail } from '../../conversation';
import { leadOfMailKey } from '../../messaging';
import type { ReportedEmail } from '../compliance.events';

/**
 * Our Message-IDs (messaging's messageIdOf of an outbox row's key): `{outbox}.{row key}@domain`,
 * with or without the angle brackets (Mailgun's webhooks drop them).
 */
const OURS = /^<?([a-z][a-z0-9-]{0,40})\.([A-Za-z0-9._-]{1,200})@[^\s>]+>?$/;

/** The outbox and row a Message-ID names, or null when it is not one of ours. */
export function outboxRowOf(messageId: string): { readonly outbox: string; readonly key: string } | null {
  const m = OURS.exec(messageId.trim());
  return m ? { outbox: m[1]!, key: m[2]! } : null;
}

/**
 * The e-mail a relay report is about: its outbox and row from the Message-ID; for a CRM e-mail
 * also its lead, its message on the thread and who wrote it, from the outbox row; for other mail
 * to a lead whose key names it (leadMailKey: showing notices), the lead.
 */
export async function reportedEmail(pool: pg.Pool, messageId: unknown): Promise<ReportedEmail | null> {
  if (typeof messageId !== 'string') return null;
  const row = outboxRowOf(messageId);
  if (!row) return null;
  const crm = row.outbox === LEAD_EMAIL_OUTBOX ? await leadEmailOfMail(pool, row.key) : null;
  // Other mail to a lead (a showing's notice) names its lead in the key; it is no message of the thread.
  return { ...row, leadId: crm?.leadId ?? leadOfMailKey(row.key), messageId: crm?.messageId ?? null, byUserId: crm?.byUserId ?? null };
}
