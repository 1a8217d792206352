import { Module } from '@nestjs/common';
import type pg from 'pg';
import type { Config } from '../../../config/config';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { type Resolve, systemResolve } from '../../../shared/net/outbound';
import { AccountsModule, SecretKey } from '../../accounts';
import { MessagingModule } from '../../messaging';
import { WEBHOOK_RESOLVE, WebhookOutbound } from './webhook-outbound';
import { WebhookPauseMailSender } from './webhook-pause-mail.reactor';
import { WebhookSender } from './webhook-sender.reactor';
import { WebhookSecrets } from './webhook-signature';
import { WebhooksController } from './webhooks.http';
import { WebhookStore } from './webhooks.store';

/** Webhooks out (contract section 12): subscriptions, their fan-out and delivery, the owner's e-mail when one is paused. */
@Module({
  imports: [AccountsModule, MessagingModule],
  controllers: [WebhooksController],
  providers: [
    { provide: WEBHOOK_RESOLVE, useValue: systemResolve },
    { provide: WebhookOutbound, inject: [CONFIG, WEBHOOK_RESOLVE], useFactory: (config: Config, resolve: Resolve) => new WebhookOutbound(config, resolve) },
    { provide: WebhookStore, inject: [DB_POOL], useFactory: (pool: pg.Pool) => new WebhookStore(pool) },
    { provide: WebhookSecrets, inject: [SecretKey], useFactory: async (key: SecretKey) => new WebhookSecrets(await key.get()) },
    WebhookSender,
    WebhookPauseMailSender,
  ],
})
export class WebhooksModule {}
