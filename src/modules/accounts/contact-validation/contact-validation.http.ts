import { Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import type { RateLimit } from '../../../http/rate-limiter';
import { parseEmail } from '../../../contract/email';
import { normalizeCellPhone } from '../../../contract/phone';
import { AddressLimiter } from '../address-limiter';

/** Checks from one client address: a form checks a field or two as it is filled in; a list being cleaned is thousands. */
export const VALIDATION_LIMIT: RateLimit = {
  name: 'contact-validation',
  limit: 60,
  windowSeconds: 60,
  message: 'Too many e-mail and phone checks from your address. Please wait a minute and try again.',
};

/** Live checks for forms: the same rules the server applies on submit. */
@Controller()
export class ContactValidationController {
  constructor(@Inject(AddressLimiter) private readonly limiter: AddressLimiter) {}

  @Route(contract.account.validateEmail)
  async email(@Param('value') value: string, @Req() req: Request) {
    await this.limiter.enforce(VALIDATION_LIMIT, req);
    return { isValid: value.length <= 320 && parseEmail(value) !== null };
  }

  @Route(contract.account.validatePhone)
  async phone(@Param('value') value: string, @Req() req: Request) {
    await this.limiter.enforce(VALIDATION_LIMIT, req);
    return { isValid: value.length <= 40 && normalizeCellPhone(value) !== null };
  }
}
