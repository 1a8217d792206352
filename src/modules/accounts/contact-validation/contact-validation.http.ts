import { Controller, Get, Param } from '@nestjs/common';
import { parseEmail } from '../../../contract/email';
import { normalizeCellPhone } from '../../../contract/phone';

/** Live checks for forms: the same rules the server applies on submit. */
@Controller('api/contactinfo/validate')
export class ContactValidationController {
  @Get('email/:value')
  email(@Param('value') value: string) {
    return { isValid: value.length <= 320 && parseEmail(value) !== null };
  }

  @Get('phone/:value')
  phone(@Param('value') value: string) {
    return { isValid: value.length <= 40 && normalizeCellPhone(value) !== null };
  }
}
