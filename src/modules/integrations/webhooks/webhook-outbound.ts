import type { Config } from '../../../config/config';
import { Outbound, type Resolve, systemResolve } from '../../../shared/net/outbound';

/** The resolver webhooks connect through (a port: the system's in the product, a stand-in in tests). */
export const WEBHOOK_RESOLVE = Symbol('WebhookResolve');

/** How webhooks reach their URLs: https only in production; private addresses as the outbound policy says. */
export class WebhookOutbound {
  readonly outbound: Outbound;
  readonly httpsOnly: boolean;

  constructor(config: Pick<Config, 'env' | 'allowPrivateOutbound'>, resolve: Resolve = systemResolve) {
    // A receiver's answer is kept in the delivery log; one from a private network only outside production (as the feeds' outbound does).
    this.outbound = new Outbound({ allowPrivate: config.allowPrivateOutbound, showPrivateAnswers: config.env !== 'production', resolve });
    this.httpsOnly = config.env === 'production';
  }
}
