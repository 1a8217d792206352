/**
 * What became of a CRM e-mail to a lead (contract section 13), shared by the server and the web
 * app: the relay's reports joined to the e-mail by its Message-ID. No Node or Nest imports: the
 * web app imports this file too.
 */

export const EMAIL_DELIVERY_STATES = ['sent', 'delivered', 'bounced', 'complained', 'not_sent'] as const;
export type EmailDeliveryState = (typeof EMAIL_DELIVERY_STATES)[number];

/**
 * How far along a state is: a report only ever moves an e-mail further (webhooks may come out of
 * order). `not_sent`: held back at sending (the address bounced or complained before, or the lead
 * turned e-mail off); the relay never had it, so nothing moves it.
 */
export const EMAIL_DELIVERY_RANK: Record<EmailDeliveryState, number> = { sent: 0, delivered: 1, bounced: 2, complained: 3, not_sent: 4 };

export const EMAIL_DELIVERY_LABEL: Record<EmailDeliveryState, string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  bounced: 'Bounced',
  complained: 'Marked as spam',
  not_sent: 'Not sent',
};

/** SMTP codes in words; the receiving server's own text may quote the address, so it is not kept. */
export function bounceReason(code: number | null | undefined): string {
  if (code === 550 || code === 551 || code === 553) return 'mailbox does not exist';
  if (code === 552) return 'mailbox is full';
  if (code === 605) return 'address is on the provider’s bounce list';
  return code ? `refused by the receiving server (code ${code})` : 'refused by the receiving server';
}
