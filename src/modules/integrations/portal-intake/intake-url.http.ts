import { systemContext } from '../../../commands/command-context';
import { Controller, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { EventStore } from '../../../eventstore/event-store.port';
import { notFound } from '../../../shared/errors';
import { officeOfToken, tokenHashOf } from '../lead-flow/intake-tokens';
import { readLeadDelivery } from '../../portal-parsers';
import { deliveryIdOf, digestOf, IntakeDeliveries, prefillOf } from './intake-deliveries';

export const UNKNOWN_INTAKE_URL = 'No intake URL here (unknown, or replaced by a new one)';

/** A portal's pace, even a busy office's; far below a flood. */
export const INTAKE_URL_PER_TOKEN: RateLimit = {
  name: 'intake-url',
  limit: 120,
  windowSeconds: 60,
  message: 'Too many deliveries to this intake URL; please retry later',
};

/**
 * An office's intake URL: portals and ad networks post their lead deliveries
 * here in their own JSON shapes (bodies up to the server's JSON limit, 1 MB). Rate limited per
 * token; the token names the office (unknown or revoked: 404); each lead once by the sender's id.
 */
@Controller()
export class IntakeUrlController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(IntakeDeliveries) private readonly deliveries: IntakeDeliveries,
  ) {}

  @Route(contract.leadFlow.deliver)
  async deliver(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limiter.enforce(INTAKE_URL_PER_TOKEN, tokenHashOf(token.trim().toLowerCase()));
    const office = await officeOfToken(this.store, token, 'url');
    if (!office) throw notFound(UNKNOWN_INTAKE_URL);
    const body: unknown = req.body;
    const reading = readLeadDelivery(body, { googleKey: office.flow.googleKey });
    const text = JSON.stringify(body ?? null, null, 2);
    const ctx = systemContext();
    const answer = await this.deliveries.take(
      office.officeId,
      reading,
      {
        deliveryId: deliveryIdOf(office.officeId, 'url', digestOf(text)),
        channel: 'url',
        from: '',
        subject: reading.ok ? reading.portal : 'Lead delivery',
        text,
        prefill: prefillOf(text, reading.ok ? reading.lead : null, null),
      },
      ctx,
    );
    res.status(answer.created ? 201 : 200);
    return answer;
  }
}
