import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import type { Request } from 'express';
import { z } from 'zod';
import { RateLimiter } from '../../../http/rate-limiter';
import { AppError, validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { SecretKey } from '../../accounts';
import { listingStream } from '../listing-record';
import { clientHash } from './client-hash';
import { ReportBrokenPhotoCommand } from './report-broken-photo.command';

const Report = z.strictObject({
  pdid: z.string().min(1).max(200),
  url: z.string().min(1).max(2000),
  mlsid: z.string().max(200).nullable().optional(),
  status: z.literal('broken'),
});

/** Reports per client address in REPORT_WINDOW_SECONDS: a page of results breaking is a few dozen photos at most. */
export const REPORT_LIMIT = 30;
export const REPORT_WINDOW_SECONDS = 600;
export const tooManyReports = () => new AppError('rate_limited', 'Too many photo reports from your address. Please try again in 10 minutes.');

/**
 * POST /api/photo: a visitor's browser could not load a listing photo (the answer is ignored).
 * Open to anyone, as visitors' browsers report; limited per client address (X-Forwarded-For
 * only with TRUST_PROXY), and a photo is hidden only once two clients reported it.
 */
@Controller('api/photo')
export class ReportBrokenPhotoController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  @ApiDoc({
    summary: 'Report a listing photo the browser could not load',
    tag: 'search',
    access: 'anyone',
    body: Report,
    responses: { 204: 'recorded (or already known)', 400: 'not one of the listing\'s photos', 404: 'unknown listing', 429: `more than ${REPORT_LIMIT} reports from the address in 10 minutes` },
  })
  @Post()
  @HttpCode(204)
  async report(@Body() body: unknown, @Req() req: Request): Promise<void> {
    const client = clientHash(await this.secret.get(), req.ip ?? 'unknown');
    if (!(await this.limiter.allow(`photo-report:${client}`, REPORT_LIMIT, REPORT_WINDOW_SECONDS))) throw tooManyReports();
    const parsed = Report.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw validation(issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const { pdid, url } = parsed.data;
    await this.commands.execute(new ReportBrokenPhotoCommand(listingStream(pdid), { pdid, url, client }, commandContextOf(req)));
  }
}
