import { Body, Controller, Header, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../app/tokens';
import type { CommandContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { usersWithCellPhone } from '../../../../projections/users';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { forbidden, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { loadAccount, updateAccountDecider, userStream } from '../../accounts';
import { isStopReply, SmsSender, tenDigits } from '../../messaging';

export const SMS_INBOUND_PATH = '/api/messaging/sms/inbound';

/**
 * The SMS provider's webhook for replies. A STOP-style reply revokes text consent (a
 * ConsentChanged on the ledger) of every account with that cell phone; other replies are
 * acknowledged and dropped. It exists only when Twilio is configured, and the adapter checks
 * Twilio's signature over the address Twilio posted to: PUBLIC_URL with this path and the query
 * as received — never the Host header, which the sender chooses.
 */
@Controller()
export class SmsInboundController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post(SMS_INBOUND_PATH.slice(1))
  @HttpCode(200)
  @Header('Content-Type', 'text/xml')
  async inbound(@Body() body: unknown, @Req() req: Request): Promise<string> {
    if (!this.config.twilio) throw notFound();
    const params = Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).filter((e): e is [string, string | string[]] => isFormValue(e[1])));
    const reply = this.sms.parseInbound({ url: `${this.config.publicUrl}${req.originalUrl}`, params, headers: req.headers });
    if (!reply) throw forbidden('Not a signed message from the SMS provider');
    const phone = tenDigits(reply.from);
    if (phone && isStopReply(reply.body)) {
      for (const userId of await usersWithCellPhone(this.pool, phone)) await this.revoke(userId);
    }
    return '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
  }

  /** The account's text consent, revoked by its own decide (nothing when already revoked). */
  private async revoke(userId: string): Promise<void> {
    const { account } = await loadAccount(this.store, userId);
    if (!account.exists) return;
    const now = new Date();
    const ctx: CommandContext = { siteId: account.siteId, actorId: userId, impersonatorId: null, correlationId: newId(), causationId: null, now };
    const source = { how: 'text-reply', from: 'a STOP reply to a text', at: now.toISOString() } as const;
    await handleCommand(this.store, userStream(userId), updateAccountDecider, { userId, consent: { text: false }, source }, ctx);
  }
}

/** A form field as body-parser hands it over: one value, or several for a repeated name. */
const isFormValue = (v: unknown): v is string | string[] => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
