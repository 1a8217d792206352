import { createHash } from 'node:crypto';
import { Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import type { Config } from '../../../config/config';
import { metadataOf, systemContext } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { RateLimiter } from '../../../http/rate-limiter';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { revokeEmailConsentOnComplaint } from './complaint-consent';
import { forbidden, notFound } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { stableId } from '../../../shared/stable-id';
import { checkMailgunSignature, MAILGUN_MAX_AGE_SECONDS, type MailgunSignature } from '../../conversation';
import { bounceReason, type EmailDeliveryReported, emailAddressHash, emailAddressStream } from './email-address';
import { reportedEmail } from './reported-email';

const log = logger('mailgun-events');

type EventData = {
  readonly id?: unknown;
  readonly event?: unknown;
  readonly severity?: unknown;
  readonly recipient?: unknown;
  readonly timestamp?: unknown;
  readonly 'delivery-status'?: { readonly code?: unknown };
  readonly message?: { readonly headers?: { readonly 'message-id'?: unknown } };
};

/** Mailgun's event as ours: delivered, permanent failures bounce, complaints complain, temporary ones are only recorded; the rest (opened, clicked…) is none of ours. */
function outcomeOf(d: EventData): EmailDeliveryReported['data']['outcome'] | null {
  if (d.event === 'delivered') return 'delivered';
  if (d.event === 'complained') return 'complained';
  if (d.event === 'failed') return d.severity === 'permanent' ? 'bounced' : 'temporary';
  return null;
}

/**
 * Mailgun's delivery webhook (contract section 13), each report joined to the e-mail it is about
 * by its Message-ID (ours name the outbox and row): checked as the inbound mail is (HMAC-SHA256
 * of timestamp + token under MAILGUN_WEBHOOK_SIGNING_KEY, constant-time, at most 15 minutes
 * old, each token once) before any of event-data is read; else 403 and nothing recorded.
 */
@Controller()
export class MailgunEventsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.compliance.mailgunEvents)
  async events(@Req() req: Request): Promise<undefined> {
    const key = this.config.inboundEmail.mailgunSigningKey;
    if (!key) throw notFound();
    const body = (req.body ?? {}) as { signature?: Partial<MailgunSignature>; 'event-data'?: EventData };
    const sig = body.signature ?? {};
    const check = checkMailgunSignature(key, { timestamp: sig.timestamp, token: sig.token, signature: sig.signature }, new Date());
    if (check !== 'ok') throw forbidden(`Not a signed event from Mailgun (${check})`);
    const tokenKey = createHash('sha256').update(String(sig.token)).digest('base64url');
    if (!(await this.limiter.allow(`mailgun-token:${tokenKey}`, 1, MAILGUN_MAX_AGE_SECONDS * 2)))
      throw forbidden('This event was already delivered (its token was used before)');

    const d = body['event-data'] ?? {};
    const outcome = outcomeOf(d);
    if (!outcome || typeof d.recipient !== 'string' || !d.recipient.includes('@')) return undefined;
    const rawCode = d['delivery-status']?.code;
    const code = typeof rawCode === 'number' && Number.isInteger(rawCode) ? rawCode : null;
    const at = typeof d.timestamp === 'number' && Number.isFinite(d.timestamp) ? new Date(d.timestamp * 1000).toISOString() : new Date().toISOString();
    const data: EmailDeliveryReported['data'] = {
      addressHash: emailAddressHash(d.recipient),
      outcome,
      code,
      reason: outcome === 'complained' ? 'marked as spam' : outcome === 'delivered' ? 'delivered' : bounceReason(code),
      at,
      message: await reportedEmail(this.pool, d.message?.headers?.['message-id']),
    };
    // Mailgun retries a webhook it did not see answered: its event id makes the record once.
    const eventKey = typeof d.id === 'string' && d.id ? d.id : tokenKey;
    await recordOnce(this.store, emailAddressStream(d.recipient), [
      { type: 'EmailDeliveryReported', data, eventId: stableId(`mailgun-event:${eventKey}`), metadata: metadataOf(systemContext()) },
    ]);
    if (outcome === 'complained') await revokeEmailConsentOnComplaint(this.store, this.pool, d.recipient, systemContext());
    log.info('an e-mail delivery event was recorded', { outcome, code });
    return undefined;
  }
}
