import { Inject, Injectable } from '@nestjs/common';
import { fold } from '../../../commands/decider';
import { EventStore } from '../../../eventstore/event-store.port';
import { loadAccount } from '../../accounts';
import { emailStream, smsStream } from '../conversation.events';
import { loadLead } from '../../leads';
import { textEligibility } from '../../messaging';
import { MailOutboxSender, type MailPlan, OutboxKit, type OutboxPlan, type TextMessage, TextOutboxSender } from '../../messaging';
import { replyNoticesStream } from '../thread.events';
import { replyNoticeMail, type ReplyNoticeFacts, replyNoticeText } from './reply-notice';
import { replyNoticesDecider, wantsReplyNotice } from './reply-notices.decide';
import { REPLY_NOTICES_SIGNAL } from './reply-notices.queue';

/** A reply older than this when its notice would go (the instances were down) is not news any more: never sent late. */
export const REPLY_NOTICE_STALE_MS = 24 * 3600_000;

type Row = { notice_id: string; event_id: string; lead_id: string; reply_kind: 'text' | 'email'; queued_at: Date };
const table = (channel: 'email' | 'text') => ({
  table: 'reply_notice_outbox',
  key: 'notice_id',
  columns: 'notice_id, event_id, lead_id, reply_kind, queued_at',
  order: 'attempts, queued_at',
  where: `channel = '${channel}'`,
});

type Recipient = { readonly agent: Awaited<ReturnType<typeof loadAccount>>['account'] & { exists: true }; readonly facts: ReplyNoticeFacts };

/**
 * Whom a reply's notice on a channel goes to, read when it goes out: the lead's agent now (a pond
 * lead's reply tells nobody but the office's dashboards), if their choice wants that channel, with
 * the reply's words from its event. Else the state the row is left in: `no-agent`, `off` (not
 * chosen, or no address for it), `stale`, `dropped` (the lead or the reply gone).
 */
async function recipientOf(store: EventStore, baseUrl: string, row: Row, channel: 'email' | 'text'): Promise<Recipient | { state: string }> {
  if (Date.now() - row.queued_at.getTime() > REPLY_NOTICE_STALE_MS) return { state: 'stale' };
  const { lead } = await loadLead(store, row.lead_id);
  if (!lead.exists) return { state: 'dropped' };
  if (!lead.agentId) return { state: 'no-agent' };
  const choice = fold(replyNoticesDecider, (await store.readStream(replyNoticesStream(lead.agentId))) as never);
  if (!wantsReplyNotice(choice.by, channel)) return { state: 'off' };
  const { account: agent } = await loadAccount(store, lead.agentId);
  if (!agent.exists) return { state: 'no-agent' };
  const stream = row.reply_kind === 'text' ? smsStream(row.lead_id) : emailStream(row.lead_id);
  const event = (await store.readStream(stream)).find((e) => e.eventId === row.event_id);
  if (!event || (event.type !== 'TextMessageReceived' && event.type !== 'LeadEmailReceived')) return { state: 'dropped' };
  const d = event.data as { body: string; subject?: string; media?: readonly unknown[]; attachments?: readonly unknown[] };
  return {
    agent,
    facts: {
      leadId: row.lead_id,
      leadName: lead.fullName || 'A lead',
      reply: { kind: row.reply_kind, body: d.body, subject: d.subject ?? '', attachments: (d.media ?? d.attachments ?? []).length },
      baseUrl,
    },
  };
}

/**
 * E-mails the lead's agent each text, MMS or e-mail reply of their leads when they chose e-mail
 * (or both): the rows the reply_notices projection queued, one at a time through the messaging
 * context's outbox (taken under its row lock, sent and marked in one transaction), so once across
 * crashes and instances. Neither the lead's words nor any address is logged.
 */
@Injectable()
export class ReplyMailSender extends MailOutboxSender<Row> {
  constructor(@Inject(OutboxKit) kit: OutboxKit) {
    super(kit, { name: 'reply-notices', signal: REPLY_NOTICES_SIGNAL, table: table('email') });
  }

  protected async compose(row: Row): Promise<MailPlan> {
    const r = await recipientOf(this.kit.store, this.kit.config.publicUrl, row, 'email');
    if ('state' in r) return r;
    if (!r.agent.email) return { state: 'off' };
    return { message: replyNoticeMail(r.agent.email, r.facts) };
  }
}

/**
 * Texts the lead's agent each reply when they chose text (or both), through the SMS port, the
 * same way: one row at a time, sent and marked in one transaction. Only to a valid cell phone of
 * an agent whose account allows texts (the consent ledger, as for every text); else `off`.
 */
@Injectable()
export class ReplyTextSender extends TextOutboxSender<Row> {
  constructor(@Inject(OutboxKit) kit: OutboxKit) {
    super(kit, { name: 'reply-notices', signal: REPLY_NOTICES_SIGNAL, table: table('text') });
  }

  protected async compose(row: Row): Promise<OutboxPlan<TextMessage>> {
    const r = await recipientOf(this.kit.store, this.kit.config.publicUrl, row, 'text');
    if ('state' in r) return r;
    if (textEligibility(r.agent) !== null || !r.agent.cellPhone) return { state: 'off' };
    return { message: replyNoticeText(r.agent.cellPhone, r.facts) };
  }
}
