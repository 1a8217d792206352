import { Controller, Inject, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import type { Config } from '../../../config/config';
import { systemContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { CONFIG } from '../../../runtime/tokens';
import { forbidden } from '../../../shared/errors';
import { SmsSender } from '../../messaging';
import { TwilioConfiguredGuard, TwilioForm } from '../../conversation';
import { textDeliveryStream } from '../compliance.events';
import { deliveryDecider, deliveryStateOf } from './delivery.decide';

/** A provider's message id: Twilio's SIDs (SM…, MM…) and nothing that could name another stream. */
const PROVIDER_ID = /^[A-Za-z0-9]{2,64}$/;

/**
 * Twilio's status callback (contract section 13): what became of a text we sent. Checked like
 * the inbound webhook (Twilio's signature over PUBLIC_URL with this path; else 403, nothing
 * recorded), then recorded as TextDeliveryReported on the text's own stream, only when it moves
 * the text forward: callbacks arrive out of order and more than once.
 */
@Controller()
export class SmsStatusController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Route(contract.conversation.smsStatus)
  @UseGuards(TwilioConfiguredGuard)
  @UseInterceptors(TwilioForm)
  async status(@Req() req: Request): Promise<undefined> {
    const params = req.body as Record<string, string | string[]>;
    const report = this.sms.parseStatus({ url: `${this.config.publicUrl}${req.originalUrl}`, params, headers: req.headers });
    if (!report) throw forbidden('Not a signed status callback from the SMS provider');
    const state = deliveryStateOf(report.status);
    if (!state || !PROVIDER_ID.test(report.providerId)) return undefined;
    await handleCommand(
      this.store,
      textDeliveryStream(report.providerId),
      deliveryDecider,
      { providerId: report.providerId, state, errorCode: state === 'undelivered' || state === 'failed' ? report.errorCode : null },
      systemContext(),
    );
    return undefined;
  }
}
