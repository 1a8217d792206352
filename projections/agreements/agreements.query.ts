import type pg from 'pg';

export type DueAgreementReminder = { readonly agreementId: string; readonly leadId: string; readonly endsOn: string };

/** Days before its end an agreement's renewal task is made. */
export const REMIND_DAYS_BEFORE = 7;

/** Signed agreements in force that end within REMIND_DAYS_BEFORE days of `today` (YYYY-MM-DD) and have no reminder yet, soonest first. */
export async function dueAgreementReminders(pool: pg.Pool, today: string): Promise<DueAgreementReminder[]> {
  const { rows } = await pool.query<{ agreement_id: string; lead_id: string; ends_on: string }>(
    `SELECT agreement_id, lead_id, to_char(ends_on, 'YYYY-MM-DD') AS ends_on FROM buyer_agreements
      WHERE signed AND NOT voided AND NOT reminded AND ends_on >= $1::date AND ends_on - $2::int <= $1::date
      ORDER BY ends_on, agreement_id LIMIT 500`,
    [today, REMIND_DAYS_BEFORE],
  );
  return rows.map((r) => ({ agreementId: r.agreement_id, leadId: r.lead_id, endsOn: r.ends_on }));
}
