import { Inject, Injectable } from '@nestjs/common';
import { BEHAVIOUR_MAIL_QUEUED, behaviourAlertOf } from '../../../../projections/behaviour-alerts';
import { passedBy } from '../../../../projections/runner';
import type { ReplyNoticeChoice } from '../../../contract/thread';
import { loadAccount } from '../../accounts';
import { MailOutboxSender, type MailPlan, OutboxKit, type ReactorOutbox } from '../../messaging';
import { type ReplyNoticeEvent, replyNoticesStream } from '../../conversation';
import { behaviourAlertMail, wantsAlertMail } from './behaviour-alert-mail';

/** An alert older than this when its e-mail would go (the instances were down) is not news: never sent late. */
const STALE_MS = 24 * 3600_000;

/** The outbox this folder owns, filled by its queue projection (behaviour-alert-mail.queue.ts). */
export const BEHAVIOUR_MAIL_OUTBOX: ReactorOutbox = { outboxTables: ['behaviour_alert_outbox'] };

type Row = { notice_id: string; alert_id: string; agent_id: string; queued_at: Date };

/**
 * E-mails the agent each behaviour alert when their notification choice says e-mail (or both):
 * the rows its queue (behaviour-alert-mail.queue.ts) holds, each once the behaviour_alerts read
 * model has passed it (the e-mail shows the alert as listed there), one at a time through the messaging context's
 * outbox (taken under its row lock, sent and marked in one transaction), so once across crashes
 * and instances. A row not wanted ends `off`; too old, `stale`. No address or words are logged.
 */
@Injectable()
export class BehaviourAlertMailSender extends MailOutboxSender<Row> {
  constructor(@Inject(OutboxKit) kit: OutboxKit) {
    super(kit, {
      name: 'behaviour-alerts',
      signal: BEHAVIOUR_MAIL_QUEUED,
      table: {
        table: 'behaviour_alert_outbox',
        key: 'notice_id',
        columns: 'notice_id, alert_id, agent_id, queued_at',
        order: 'attempts, queued_at',
        where: passedBy('behaviour_alerts'),
      },
    });
  }

  protected async compose(row: Row): Promise<MailPlan> {
    if (Date.now() - row.queued_at.getTime() > STALE_MS) return { state: 'stale' };
    const chosen = (await this.kit.store.readStream(replyNoticesStream(row.agent_id), { direction: 'backwards', limit: 1 })) as unknown as ReplyNoticeEvent[];
    if (!wantsAlertMail(chosen[0]?.data.by as ReplyNoticeChoice | undefined)) return { state: 'off' };
    const { account } = await loadAccount(this.kit.store, row.agent_id);
    if (!account.exists || !account.email) return { state: 'off' };
    const alert = await behaviourAlertOf(this.kit.pool, row.alert_id);
    if (!alert) return { state: 'dropped' };
    return { message: behaviourAlertMail(account.email, alert, this.kit.config.publicUrl) };
  }
}
