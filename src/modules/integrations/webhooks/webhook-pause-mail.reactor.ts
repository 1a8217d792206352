import { Inject, Injectable } from '@nestjs/common';
import { loadAccount } from '../../accounts';
import { MailOutboxSender, type MailPlan, OutboxKit } from '../../messaging';

type Row = { mail_id: string; webhook_id: string; owner_id: string; url: string };

/** The e-mail itself: where the webhook pointed, why it stopped, and where to resume it. */
export function webhookPausedMail(url: string, dashboardUrl: string): { subject: string; text: string } {
  return {
    subject: 'A webhook was paused after a day of failed deliveries',
    text: [
      `Porchlight could not deliver events to your webhook at ${url} for a day, so it was paused.`,
      'Events go on being kept for it: once the receiver answers again, resume the webhook and they are delivered in order.',
      `Settings → Webhooks: ${dashboardUrl}`,
    ].join('\n\n'),
  };
}

/**
 * Tells a webhook's owner it was paused (the sender queued the row in the transaction that
 * paused it), through the messaging context's outbox: once across crashes and instances.
 */
@Injectable()
export class WebhookPauseMailSender extends MailOutboxSender<Row> {
  constructor(@Inject(OutboxKit) kit: OutboxKit) {
    super(kit, {
      name: 'webhook-paused',
      table: { table: 'webhook_pause_mails', key: 'mail_id', columns: 'mail_id, webhook_id, owner_id, url', order: 'attempts, queued_at' },
    });
  }

  protected async compose(row: Row): Promise<MailPlan> {
    const { account } = await loadAccount(this.kit.store, row.owner_id);
    if (!account.exists) return { state: 'dropped' };
    return { message: { to: account.email, ...webhookPausedMail(row.url, `${this.kit.config.publicUrl}/dashboard?view=webhooks`) } };
  }
}
