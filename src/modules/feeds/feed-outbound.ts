import type { Config } from '../../config/config';
import { Outbound } from '../../shared/net/outbound';

/** Where feed requests may go, as configured: private addresses per ALLOW_PRIVATE_OUTBOUND, and what they answer shown outside production only. */
export const feedOutbound = (config: Config): Outbound =>
  new Outbound({ allowPrivate: config.allowPrivateOutbound, showPrivateAnswers: config.env !== 'production' });
