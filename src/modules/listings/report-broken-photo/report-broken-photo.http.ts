import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import type { Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { validation } from '../../../shared/errors';
import { commandContextOf } from '../../accounts';
import { listingStream } from '../listing-record';
import { reportBrokenPhotoDecider } from './report-broken-photo.decide';

const Report = z.strictObject({
  pdid: z.string().min(1).max(200),
  url: z.string().min(1).max(2000),
  mlsid: z.string().max(200).nullable().optional(),
  status: z.literal('broken'),
});

/** POST /api/photo: a visitor's browser could not load a listing photo (the answer is ignored). */
@Controller('api/photo')
export class ReportBrokenPhotoController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @ApiDoc({ summary: 'Report a listing photo the browser could not load', tag: 'search', access: 'anyone', body: Report, responses: { 204: 'recorded (or already known)', 400: 'not one of the listing\'s photos', 404: 'unknown listing' } })
  @Post()
  @HttpCode(204)
  async report(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const parsed = Report.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw validation(issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const { pdid, url } = parsed.data;
    await handleCommand(this.store, listingStream(pdid), reportBrokenPhotoDecider, { pdid, url }, commandContextOf(req));
  }
}
