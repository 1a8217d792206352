import { Module } from '@nestjs/common';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { AgentAwareMailer, AgentMailboxes } from './agent-mailboxes';
import { HeldAddresses, HoldingMailer, Mailer } from './mailer.port';
import { OutboxKit } from './outbox-kit';
import { OutboxMailer } from './outbox.mailer';
import { SmtpMailer } from './smtp.mailer';
import { OutboxSms } from './sms/outbox.sms';
import { SmsSender } from './sms/sms.port';
import { TwilioSms } from './sms/twilio.sms';

/**
 * The mail and SMS ports: real adapters when configured, else the outboxes (a production start
 * without them says so loudly: src/config/start-warnings.ts).
 */
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [CONFIG, DB_POOL, { token: AgentMailboxes, optional: true }, { token: HeldAddresses, optional: true }],
      useFactory: (config: Config, pool: pg.Pool, agents: AgentMailboxes | undefined, held: HeldAddresses | undefined): Mailer => {
        const product = config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new OutboxMailer(pool, config.mail.from);
        return new HoldingMailer(new AgentAwareMailer(product, agents ?? null), held ?? null);
      },
    },
    {
      provide: SmsSender,
      inject: [CONFIG, DB_POOL],
      useFactory: (config: Config, pool: pg.Pool): SmsSender => {
        if (config.twilio) return new TwilioSms(config.twilio, config.publicUrl);
        return new OutboxSms(pool);
      },
    },
    OutboxKit,
  ],
  exports: [Mailer, SmsSender, OutboxKit],
})
export class MessagingModule {}
