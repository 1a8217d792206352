import { Module } from '@nestjs/common';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../app/tokens';
import type { Config } from '../../config/config';
import { logger } from '../../shared/logger';
import { MailboxController } from './mailbox/mailbox.http';
import { Mailer } from './mailer.port';
import { OutboxMailer } from './outbox.mailer';
import { SmtpMailer } from './smtp.mailer';

const log = logger('mail');

@Module({
  controllers: [MailboxController],
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
  ],
  exports: [Mailer],
})
export class MessagingModule {}
