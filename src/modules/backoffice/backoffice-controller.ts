import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { StaffGuard } from '../accounts';
import { REASON_MAX } from './reason';

/** Every route of the back-office family: under /api/backoffice, staff (level 25) only. */
export const BACKOFFICE_PREFIX = 'api/backoffice';

export const BackofficeController = (path = '') =>
  applyDecorators(Controller(path ? `${BACKOFFICE_PREFIX}/${path}` : BACKOFFICE_PREFIX), UseGuards(StaffGuard));

/** Every account action says why (see reason.ts); the length is checked again there. */
export const reasonField = z.string().max(REASON_MAX * 2);
export const ReasonBody = z.strictObject({ reason: reasonField });

/** The OpenAPI description shared by the account actions of one family. */
export const actionDoc =
  (tag: string) =>
  (summary: string, body: z.ZodType): MethodDecorator =>
    ApiDoc({
      summary,
      tag,
      access: 'staff',
      body,
      responses: { 200: '{isSuccess, events, admin}', 400: '{message}', 403: 'below level 25', 404: 'no such account (or invoice)', 409: 'not allowed in this state' },
    });
