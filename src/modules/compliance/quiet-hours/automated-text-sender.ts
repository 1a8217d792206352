import { Inject, Injectable } from '@nestjs/common';
import { systemContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { logger } from '../../../shared/logger';
import { loadAccount } from '../../accounts';
import { loadLead } from '../../leads';
import { OutboxKit, type OutboxPlan, type OutboxTable, sendOneFromOutbox, type TextMessage, textEligibility } from '../../messaging';
import { SiteNumbers, smsDecider, smsStream } from '../../conversation';
import { unreachableCode } from '../../../../projections/lead-thread';
import { UNREACHABLE_CODES } from '../../../contract/text-delivery';
import { recordOnce } from '../../../commands/decide-and-append';
import { metadataOf } from '../../../commands/command-context';
import { stableId } from '../../../shared/stable-id';
import { complianceStream } from '../compliance.events';
import { recordTextWithdrawn } from './automated-text-queue';
import { loadTextRules } from './text-rules';

const log = logger('automated-texts');

type Row = { message_id: string; lead_id: string; by_user_id: string; body: string; void_after: Date | null };
type Composed = { readonly text: TextMessage; readonly row: Row; readonly siteId: string };

const TABLE: OutboxTable = {
  table: 'automated_texts',
  key: 'message_id',
  columns: 'message_id, lead_id, by_user_id, body, void_after',
  order: 'not_before, message_id',
  clearWhenDone: ['body'],
};

/**
 * Sends the automated texts whose time has come, each as every text goes: consent and a valid
 * cell phone read again now (a lead who said stop while it waited is skipped, `no-consent`), the
 * SMS port from the site's number, then TextMessageSent on the lead's thread. `sendDue(now)`
 * takes the clock, so a test moves time rather than waiting for 08:00.
 */
@Injectable()
export class AutomatedTextSender extends SweptReactor {
  constructor(
    @Inject(OutboxKit) private readonly kit: OutboxKit,
    @Inject(SiteNumbers) private readonly numbers: SiteNumbers,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'automated texts', everyMs: 15_000 };
  }

  protected onSweep(): Promise<number> {
    return this.sendDue(new Date());
  }

  async sendDue(now: Date): Promise<number> {
    // An ISO instant of our own clock, not input: safe inside the condition.
    const table = { ...TABLE, where: `not_before <= '${now.toISOString()}'::timestamptz` };
    let sent = 0;
    while (!this.sweeper.isStopped) {
      const outcome = await sendOneFromOutbox<Row, Composed>(
        this.kit.pool,
        (c) => this.deliver(c, now),
        table,
        (row) => this.compose(row, now),
        (row, err, f) =>
          log.warn(f.permanent ? 'an automated text was refused for good' : 'an automated text failed; it is tried again later', {
            messageId: row.message_id,
            error: err.name,
          }),
      );
      if (outcome === 'sent') sent++;
      if (outcome === 'none' || outcome === 'failed') break;
    }
    return sent;
  }

  private async compose(row: Row, now: Date): Promise<OutboxPlan<Composed>> {
    // Held past the moment it was about (the showing began while the lead slept): never sent late.
    const expired = row.void_after !== null && row.void_after.getTime() <= now.getTime();
    const { lead } = await loadLead(this.kit.store, row.lead_id);
    if (!lead.exists) return { state: expired ? 'expired' : 'dropped' };
    const { account } = await loadAccount(this.kit.store, lead.userId);
    if (expired) {
      // Named on the lead's clock, the one its quiet hours held it by.
      const { zone } = await loadTextRules(this.kit.store, lead, account.exists ? account.cellPhone : null);
      const data = { leadId: lead.leadId, messageId: row.message_id, reason: 'begun' as const, showingAt: row.void_after!.toISOString(), zone };
      await recordTextWithdrawn(this.kit.store, data, lead.siteId, now);
      return { state: 'expired' };
    }
    const refusal = textEligibility(account);
    if (refusal || !account.exists) return { state: refusal ?? 'dropped' };
    // A number the carrier said cannot take texts is not texted by automation again; the timeline says why.
    const code = await unreachableCode(this.kit.pool, lead.leadId, [...UNREACHABLE_CODES]);
    if (code !== null) {
      await recordOnce(this.kit.store, complianceStream(lead.leadId), [
        {
          type: 'AutomatedTextSkipped',
          data: { leadId: lead.leadId, messageId: row.message_id, reason: 'unreachable', errorCode: code },
          eventId: stableId(`automated-text-skipped:${row.message_id}`),
          metadata: metadataOf(systemContext(new Date(), lead.siteId)),
        },
      ]);
      return { state: 'unreachable' };
    }
    const text = { to: account.cellPhone!, body: row.body, mediaUrl: null, from: await this.numbers.fromFor(lead.siteId) };
    return { message: { text, row, siteId: lead.siteId } };
  }

  /** The send, then its record on the thread, inside the row's transaction: a failed record leaves the row to try again. */
  private async deliver({ text, row, siteId }: Composed, now: Date): Promise<void> {
    const { providerId } = await this.kit.sms.send(text);
    await handleCommand(
      this.kit.store,
      smsStream(row.lead_id),
      smsDecider,
      { leadId: row.lead_id, siteId, messageId: row.message_id, byUserId: row.by_user_id, kind: 'text', body: row.body, mediaUrl: null, providerId },
      systemContext(now, siteId),
    );
  }
}
