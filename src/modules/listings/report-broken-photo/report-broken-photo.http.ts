import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { z } from 'zod';
import { systemContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { validation } from '../../../shared/errors';
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

  @Post()
  @HttpCode(204)
  async report(@Body() body: unknown): Promise<void> {
    const parsed = Report.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw validation(issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const { pdid, url } = parsed.data;
    await handleCommand(this.store, listingStream(pdid), reportBrokenPhotoDecider, { pdid, url }, systemContext());
  }
}
