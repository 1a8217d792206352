import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import type { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { loadAccount } from '../../accounts';
import type { SmsSender } from '../../messaging';
import type { Lead } from '../../leads';
import { smsStream, type TextMessageSent } from '../conversation.events';
import type { SiteNumbers } from '../site-numbers';
import { smsDecider } from './sms.decide';
import { type SkipReason, textEligibility } from '../../messaging';

const log = logger('texts');

export type TextToLead = {
  readonly lead: Extract<Lead, { exists: true }>;
  readonly byUserId: string;
  readonly kind: 'text' | 'video';
  readonly body: string;
  readonly mediaUrl: string | null;
};

export type TextResult = { readonly sent: true; readonly messageId: string } | { readonly sent: false; readonly reason: SkipReason | 'failed' };

/**
 * One text (or video text) to a lead whom the caller may work: consent from the ledger and a
 * valid cell phone first, then the send through the SMS port from the site's number, then
 * TextMessageSent on the lead's `sms-` stream (recorded after the provider accepted it).
 */
export async function sendTextToLead(store: EventStore, sms: SmsSender, numbers: SiteNumbers, t: TextToLead, ctx: CommandContext): Promise<TextResult> {
  const { account } = await loadAccount(store, t.lead.userId);
  const reason = textEligibility(account);
  if (reason || !account.exists) return { sent: false, reason: reason ?? 'not-found' };
  let providerId: string;
  try {
    ({ providerId } = await sms.send({ to: account.cellPhone!, body: t.body, mediaUrl: t.mediaUrl, from: await numbers.fromFor(t.lead.siteId) }));
  } catch (err) {
    log.warn('a text could not be sent', { leadId: t.lead.leadId, message: (err as Error).message });
    return { sent: false, reason: 'failed' };
  }
  const data: TextMessageSent['data'] = {
    leadId: t.lead.leadId,
    siteId: t.lead.siteId,
    messageId: randomUUID(),
    byUserId: t.byUserId,
    kind: t.kind,
    body: t.body,
    mediaUrl: t.mediaUrl,
    providerId,
  };
  await handleCommand(store, smsStream(t.lead.leadId), smsDecider, data, ctx);
  return { sent: true, messageId: data.messageId };
}
