import { Module } from '@nestjs/common';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../app/tokens';
import type { Config } from '../../config/config';
import { logger } from '../../shared/logger';
import { MailboxController } from './mailbox/mailbox.http';
import { Mailer } from './mailer.port';
import { OutboxMailer } from './outbox.mailer';
import { SmtpMailer } from './smtp.mailer';
import { OutboxSms } from './sms/outbox.sms';
import { SmsOutboxController } from './sms/sms-outbox.http';
import { SmsSender } from './sms/sms.port';
import { TwilioSms } from './sms/twilio.sms';

const log = logger('mail');

@Module({
  controllers: [MailboxController, SmsOutboxController],
  providers: [
    {
      provide: Mailer,
      inject: [CONFIG, DB_POOL],
      useFactory: (config: Config, pool: pg.Pool): Mailer => {
        if (config.mail.smtpUrl) return new SmtpMailer(config.mail.smtpUrl, config.mail.from);
        if (config.env === 'production') log.warn('SMTP_URL is not set: e-mail goes to the mail_outbox table only');
        return new OutboxMailer(pool);
      },
    },
    {
      provide: SmsSender,
      inject: [CONFIG, DB_POOL],
      useFactory: (config: Config, pool: pg.Pool): SmsSender => {
        if (config.twilio) return new TwilioSms(config.twilio, config.publicUrl);
        if (config.env === 'production') log.warn('TWILIO_* is not set: texts go to the sms_outbox table only');
        return new OutboxSms(pool, config.env !== 'production');
      },
    },
  ],
  exports: [Mailer, SmsSender],
})
export class MessagingModule {}
